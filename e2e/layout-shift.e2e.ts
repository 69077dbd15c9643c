// @widths both: layout — each screen is laid out anew at 390 and 1280 px (the history: cards or a table)
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { api, signedInContext, signUpThroughApi, type Session } from './support/accounts';
import { DESKTOP, PHONE } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { waitUntil } from './support/waitUntil';

/**
 * Screens that start in the browser (the cart, checkout, the profile) paint placeholders first and
 * their content when the API answers. Here the answers are held until the placeholders are on screen,
 * then let go: whatever moved on screen meanwhile is layout shift (the goal: CLS ≤ 0.05). Without the
 * hold a fast machine would answer before the first paint and the test could never fail.
 */
let browser: Browser;
let session: Session;
beforeAll(async () => {
  browser = await launchBrowser();
  session = await signUpThroughApi('layout-shift');
  // Two events, as a shopper's cart often holds: the lines are taller than one placeholder row.
  for (const path of ['velvet-static-unplugged', 'ironwood-symphony-the-planets']) {
    const {
      data: [asset],
    } = await api<{ data: [{ id: number }] }>(`/asset/${path}`, { token: session.token });
    await api('/cart', { token: session.token, body: { asset_id: asset!.id, user_id: session.userId } });
  }
}, 60_000);
afterAll(() => browser?.close());

type Shift = { value: number; at: number; sources: string[] };

/** Records layout shifts (not those right after an input) from the document's start. */
async function recordShifts(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Entry[]) {
        if (e.hadRecentInput) continue;
        shifts.push({
          value: e.value,
          at: Math.round(e.startTime),
          sources: e.sources.map((s) => {
            const [was, is] = [s.previousRect, s.currentRect];
            const moved =
              `y ${Math.round(was.y)} → ${Math.round(is.y)}, ` +
              `h ${Math.round(was.height)} → ${Math.round(is.height)}`;
            return `${s.node?.nodeName ?? '?'} «${(s.node?.textContent ?? '').slice(0, 40)}» ${moved}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function shiftsOf(
  path: string,
  viewport: typeof PHONE | typeof DESKTOP,
  placeholder: string,
  loaded: (text: string) => boolean,
): Promise<{ total: number; shifts: Shift[] }> {
  const context = await signedInContext(browser, session);
  const page = await context.newPage();
  try {
    await page.setViewport(viewport);
    await page.bringToFront(); // animation frames (and so paints) come only to the front tab
    await page.setBypassServiceWorker(true);
    await recordShifts(page);
    let holding = true;
    const held: (() => void)[] = [];
    await page.setRequestInterception(true);
    page.on('request', (req: HTTPRequest) => {
      const { pathname } = new URL(req.url());
      // The guest token is let through: the shell waits for it (a spinner, no page) before any screen.
      if (holding && pathname.startsWith('/v1/') && pathname !== '/v1/token/guest')
        held.push(() => void req.continue().catch(() => undefined));
      else void req.continue().catch(() => undefined);
    });
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
    await waitUntil(
      page,
      `${path} painted with its placeholders (${placeholder}) and an answer held`,
      async (p) => ({ text: await p.evaluate(() => document.body.innerText), held: held.length }),
      (seen) => seen.held > 0 && seen.text.includes(placeholder),
      20_000,
    );
    await frames(page);
    holding = false;
    held.splice(0).forEach((release) => release());
    await waitUntil(
      page,
      `${path} showing its content`,
      (p) => p.evaluate(() => document.body.innerText),
      loaded,
      20_000,
    );
    await frames(page);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    return { total: Number(shifts.reduce((n, s) => n + s.value, 0).toFixed(3)), shifts };
  } finally {
    await context.close();
  }
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('at %s width, nothing on screen moves when the answers arrive', (_name, viewport) => {
  it('/checkout: the card form and the order summary', async () => {
    const { total, shifts } = await shiftsOf(
      '/checkout',
      viewport,
      'Order Summary',
      (t) => t.includes('Confirm and Pay') && t.includes('The Velvet Static'),
    );
    expect({ total, shifts: total > 0.05 ? shifts : [] }).toEqual({ total: expect.any(Number), shifts: [] });
    expect(total).toBeLessThanOrEqual(0.05);
  });

  it('/profile: the profile card and the order history', async () => {
    const { total, shifts } = await shiftsOf(
      '/profile',
      viewport,
      'Your Profile',
      (t) => t.includes(session.email) && t.includes('No order history'),
    );
    expect({ total, shifts: total > 0.05 ? shifts : [] }).toEqual({ total: expect.any(Number), shifts: [] });
    expect(total).toBeLessThanOrEqual(0.05);
  });

  it('/cart: the lines and the summary', async () => {
    const { total, shifts } = await shiftsOf(
      '/cart',
      viewport,
      'Your Cart',
      (t) => t.includes('The Velvet Static') && t.includes('Ironwood Symphony') && t.includes('Total'),
    );
    expect({ total, shifts: total > 0.05 ? shifts : [] }).toEqual({ total: expect.any(Number), shifts: [] });
    expect(total).toBeLessThanOrEqual(0.05);
  });
});
