import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';

/** Lighthouse's result, only the parts the bench reads. */
type Item = Record<string, unknown>;
type Audit = { numericValue?: number; displayValue?: string; details?: { items?: Item[] } };
export type Lhr = {
  finalDisplayedUrl: string;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
};

/**
 * Mobile defaults (Lighthouse's default config: Moto G Power-sized screen, simulated slow 4G and
 * 4× CPU), performance only. The 404 page answers 404 on purpose: Lighthouse would refuse it.
 * Before loading, Lighthouse empties the HTTP cache and the origin's service worker, Cache Storage
 * and (added here) IndexedDB, which holds only the service worker's cache bookkeeping; localStorage,
 * where the app keeps the visitor's tokens and cart, stays: a cold load for a visitor in that state.
 */
const FLAGS = {
  onlyCategories: ['performance'],
  logLevel: 'error',
  ignoreStatusCode: true,
  clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb'],
};
const CHILD = path.join(__dirname, 'lighthouseChild.mjs');

/**
 * One Lighthouse navigation to `url` in `page` (kept: its context holds the visitor's state); the LHR is written to
 * `out`.
 */
export async function runLighthouse(browser: Browser, page: Page, url: string, out: string): Promise<Lhr> {
  const marker = `about:blank#bench-web-${process.pid}-${Date.now()}`;
  await page.goto(marker);
  const job = { browserWSEndpoint: browser.wsEndpoint(), pageUrl: marker, url, flags: FLAGS, out };
  const child = spawn(process.execPath, [CHILD, JSON.stringify(job)], { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Lighthouse on ${url} failed (exit ${code}):\n${stderr}`);
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as Lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message} ${stderr.trim()}`);
  return lhr;
}

type ScriptFile = { url: string; bytes: number };
type Diagnosis = {
  lcpElement: string;
  lcpPhases: string;
  bootup: { url: string; total: number; scripting: number; parse: number }[];
  mainThread: { label: string; ms: number }[];
  longTasks: { url: string; startTime: number; duration: number }[];
  renderBlocking: { url: string; bytes: number; wastedMs: number }[];
  unusedJs: { url: string; bytes: number; wastedBytes: number }[];
};
export type RunFigures = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsBytes: number;
  scripts: ScriptFile[];
  benchmarkIndex: number;
  finalUrl: string;
  warnings: string[];
  diagnosis: Diagnosis;
};

const items = (lhr: Lhr, id: string) => lhr.audits[id]?.details?.items ?? [];
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Initial JS: transfer bytes (compressed, headers included) of every script the page's own session
 * fetched during Lighthouse's load, which ends once the network and the main thread have been quiet
 * (about a second each after the load event): the JavaScript the route loads by itself, without
 * any interaction. The service worker's precaching runs in its own target and is not counted.
 */
function scriptsOf(lhr: Lhr): ScriptFile[] {
  return items(lhr, 'network-requests')
    .filter(
      (r) => r.sessionTargetType === 'page' && (r.resourceType === 'Script' || /javascript/.test(str(r.mimeType))),
    )
    .map((r) => ({ url: str(r.url), bytes: num(r.transferSize) }));
}

function diagnose(lhr: Lhr): Diagnosis {
  const [element, phases] = items(lhr, 'largest-contentful-paint-element') as { items?: Item[] }[];
  const node = (element?.items?.[0]?.node ?? {}) as Item;
  return {
    lcpElement: node.snippet
      ? `${str(node.snippet)} «${str(node.nodeLabel).slice(0, 60)}» (${str(node.selector)})`
      : 'none reported',
    lcpPhases: (phases?.items ?? []).map((p) => `${str(p.phase)} ${Math.round(num(p.timing))} ms`).join(', '),
    bootup: items(lhr, 'bootup-time').map((i) => ({
      url: str(i.url),
      total: num(i.total),
      scripting: num(i.scripting),
      parse: num(i.scriptParseCompile),
    })),
    mainThread: items(lhr, 'mainthread-work-breakdown').map((i) => ({ label: str(i.groupLabel), ms: num(i.duration) })),
    longTasks: items(lhr, 'long-tasks').map((i) => ({
      url: str(i.url),
      startTime: num(i.startTime),
      duration: num(i.duration),
    })),
    renderBlocking: items(lhr, 'render-blocking-resources').map((i) => ({
      url: str(i.url),
      bytes: num(i.totalBytes),
      wastedMs: num(i.wastedMs),
    })),
    unusedJs: items(lhr, 'unused-javascript').map((i) => ({
      url: str(i.url),
      bytes: num(i.totalBytes),
      wastedBytes: num(i.wastedBytes),
    })),
  };
}

export function figuresOf(lhr: Lhr): RunFigures {
  const scripts = scriptsOf(lhr);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: num(lhr.audits['largest-contentful-paint']?.numericValue),
    tbtMs: num(lhr.audits['total-blocking-time']?.numericValue),
    cls: num(lhr.audits['cumulative-layout-shift']?.numericValue),
    fcpMs: num(lhr.audits['first-contentful-paint']?.numericValue),
    jsBytes: scripts.reduce((n, s) => n + s.bytes, 0),
    scripts,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
    diagnosis: diagnose(lhr),
  };
}
