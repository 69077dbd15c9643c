import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'puppeteer';
import { poll, waitInPage } from './waitUntil';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: every rule axe-core tags with one of these runs. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
export const DESKTOP = { width: 1280, height: 900 };

// Read once: axe-core's browser bundle, injected as a script into each page under test.
const axeSource: string = require('axe-core').source;

/**
 * Waits until the page shows its final state: requests done, placeholders (skeletons, busy regions)
 * replaced, images decoded, fonts in, and every finite animation or transition finished, so colours
 * are measured as a visitor finally sees them. Endless animations (spinners) are left running.
 */
export async function waitUntilSettled(page: Page, timeout = 15_000): Promise<void> {
  const requests = watchRequests(page);
  try {
    await settle(page, requests, timeout);
  } catch (err) {
    // A page that never settles says what it was showing and which requests it was waiting on.
    const shown = await page
      .evaluate(() => ({
        url: location.href,
        placeholders: Array.from(
          document.querySelectorAll('.MuiSkeleton-root, [aria-busy="true"], [data-testid="app-spinner"]'),
        ).map((e) => e.outerHTML.slice(0, 160)),
        text: document.body.innerText.slice(0, 400),
        animations: document.getAnimations().map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
          const name = (a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName ?? '';
          const on = `${target?.tagName.toLowerCase() ?? '?'}.${target?.className ?? ''}`;
          return `${a.constructor.name} ${name} ${a.playState} on ${on}`.slice(0, 200);
        }),
      }))
      .catch(() => null);
    throw new Error(`${(err as Error).message}\npage: ${JSON.stringify(shown)}\nrequests: ${requests.summary()}`, {
      cause: err,
    });
  } finally {
    requests.stop();
  }
}

type HTTPRequestLike = { url(): string; method(): string };
/**
 * Requests the page makes while settling, with their answers (for the failure message), and how
 * many of them are still out. Only requests made from here on count: puppeteer's own idle wait also
 * counts a request cut short by an earlier navigation (Chromium's /favicon.ico for a JSON page),
 * which it may never see end once a service worker is in the way.
 */
function watchRequests(page: Page) {
  const seen = new Map<string, string>();
  const open = new Set<HTTPRequestLike>();
  let lastChange = Date.now();
  const onRequest = (r: HTTPRequestLike) => {
    seen.set(`${r.method()} ${r.url()}`, 'pending');
    open.add(r);
    lastChange = Date.now();
  };
  const onResponse = (r: { url(): string; status(): number; request(): HTTPRequestLike }) =>
    seen.set(`${r.request().method()} ${r.url()}`, String(r.status()));
  const onDone = (r: HTTPRequestLike) => {
    open.delete(r);
    lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    summary: () =>
      [...seen]
        .map(([k, v]) => `${k} → ${v}`)
        .slice(-20)
        .join('; '),
    /** Resolves once no request has been out for `idleTime` ms. */
    async idle(idleTime: number, timeout: number) {
      const read = () => ({ open: open.size, quietMs: Date.now() - lastChange });
      const done = (s: ReturnType<typeof read>) => s.open === 0 && s.quietMs >= idleTime;
      await poll(`the network to be idle for ${idleTime} ms`, read, done, { timeout, every: 50 });
    },
    stop: () => {
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
    },
  };
}

async function settle(page: Page, requests: ReturnType<typeof watchRequests>, timeout: number): Promise<void> {
  await requests.idle(300, timeout);
  await waitInPage(
    page,
    'no placeholder (skeleton, busy region, spinner) left',
    () =>
      Array.from(document.querySelectorAll('.MuiSkeleton-root, [aria-busy="true"], [data-testid="app-spinner"]')).map(
        (e) => e.outerHTML.slice(0, 80),
      ),
    { until: (left) => left.length === 0, timeout },
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images outside the viewport (other slides, lower rows) never load here: only the rest is awaited.
    const shown = Array.from(document.images).filter((img) => {
      const r = img.getBoundingClientRect();
      return img.loading !== 'lazy' || (r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth);
    });
    await Promise.all(shown.map((img) => img.decode().catch(() => undefined)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  await requests.idle(300, timeout);
}

/** Runs axe-core with the WCAG 2.2 A/AA rules on the whole document; returns its violations. */
export async function axeViolations(page: Page): Promise<Result[]> {
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy (no inline scripts) does not apply.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')))
    await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_AA_TAGS,
  );
  return results.violations;
}

/** One line per failing element: rule, impact, CSS target and axe's own summary of what is wrong. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) => [
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.length} element(s)`,
      ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n\s*/g, ' | ')}`),
    ])
    .join('\n');
}
