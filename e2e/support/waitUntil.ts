import type { Page } from 'puppeteer';

/**
 * Every wait of the browser journeys, in one place, so that each one that times out says what it
 * was waiting for and what it saw instead: "waited N ms for <what>; last saw <value>", then the page's
 * address and the start of its text. The lint rule in .ci/eslint/e2eRules.mjs keeps tests from
 * waiting any other way (no page.waitForFunction, page.waitForTimeout or setTimeout outside this file).
 *
 * The page is read from here (Node) every POLL_MS: puppeteer's waitForFunction re-checks on
 * animation frames by default, and a tab that is not in front gets none, so there it checks once
 * and never again; and when it times out it says only that time ran out.
 *
 * - poll:        anything Node can read (a file on disk, the server, a list of requests seen).
 * - waitUntil:   something read from a page (a puppeteer call, an evaluate).
 * - waitInPage:  a function evaluated in the page, like waitForFunction; returns what it returned.
 * - waitForPath: the page's location.pathname.
 * - valueSteps:  a value the page counts up or down, each change with when it was seen.
 * - observeFor:  a deliberate window of real time, for "nothing happens for N ms".
 */

const POLL_MS = 100;
/** Shorter than jest's 30 s per test, so that a wait fails with its own message, not jest's. */
const DEFAULT_TIMEOUT = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const show = (seen: { value: unknown } | { error: unknown }) =>
  'value' in seen ? JSON.stringify(seen.value) : `an error: ${(seen.error as Error).message}`;

/** Where the page is and the start of what it shows, for a failure message. */
async function pageContext(page: Page): Promise<string> {
  const text = await page
    .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300) ?? '')
    .catch(() => '?');
  return `page ${page.url()}: «${text}»`;
}

type PollOptions = {
  timeout?: number;
  /** How often to read, in ms (100 unless told). */
  every?: number;
  /** Added to the failure message (where the page was, which requests were out). */
  context?: () => Promise<string> | string;
};

/**
 * Reads `read` every `every` ms until what it returns passes `done`, and returns that. A read that
 * throws counts as not done yet (between two documents there is nothing to read): the error is
 * what was last seen. On timeout: "waited N ms for <what>; last saw <value>" and the context.
 */
export async function poll<T>(
  what: string,
  read: () => Promise<T> | T,
  done: (seen: T) => boolean,
  { timeout = DEFAULT_TIMEOUT, every = POLL_MS, context }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let seen: { value: T } | { error: unknown } = { error: new Error('never read') };
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      seen = { value };
    } catch (error) {
      seen = { error };
    }
    if (Date.now() >= deadline) break;
    await pause(every);
  }
  const where = context ? `\n${await context()}` : '';
  throw new Error(`waited ${timeout} ms for ${what}; last saw ${show(seen)}${where}`);
}

/**
 * Waits until what `read` sees in the page passes `done`, and returns it. On timeout the error says
 * what it last saw and where the page was, not only that time ran out.
 */
export function waitUntil<T>(
  page: Page,
  what: string,
  read: (page: Page) => Promise<T>,
  done: (seen: T) => boolean,
  timeout = DEFAULT_TIMEOUT,
): Promise<T> {
  return poll(what, () => read(page), done, { timeout, context: () => pageContext(page) });
}

type InPageOptions<A, R> = {
  /** Handed to `fn` in the page (it must be serialisable: `fn` cannot see the test's variables). */
  arg?: A;
  /** When what `fn` returned is the one waited for; unless told, when it is truthy. */
  until?: (seen: R) => boolean;
  timeout?: number;
};

/**
 * Evaluates `fn` in the page until its result passes `until` (truthy, unless told), and returns that
 * result. Have `fn` return what it looked at (a path, a count, an object of the few values that
 * matter) and say what is wanted in `until`: a timeout then reports what the page had instead.
 */
export function waitInPage<R, A = undefined>(
  page: Page,
  what: string,
  fn: (arg: A) => R | Promise<R>,
  { arg, until = Boolean, timeout = DEFAULT_TIMEOUT }: InPageOptions<A, R> = {},
): Promise<R> {
  const read = (p: Page) => p.evaluate(fn as (arg: unknown) => R | Promise<R>, arg) as Promise<R>;
  return waitUntil(page, what, read, until, timeout);
}

/** Waits until the page is at `path` (location.pathname equals it, or matches it). */
export function waitForPath(page: Page, path: string | RegExp, timeout = DEFAULT_TIMEOUT): Promise<string> {
  const at = (p: string) => (typeof path === 'string' ? p === path : path.test(p));
  return waitInPage(page, `the page to be at ${String(path)}`, () => location.pathname, { until: at, timeout });
}

/**
 * Reads a value the page counts (a countdown's seconds) until it has changed `changes` times, and
 * returns each value with the moment it was first seen (Date.now(), within POLL_MS). Values that
 * came and went between two reads are missed: compare neighbours to see that none was skipped.
 */
export async function valueSteps<T>(
  page: Page,
  what: string,
  read: (page: Page) => Promise<T>,
  changes: number,
  timeout = DEFAULT_TIMEOUT,
): Promise<{ value: T; at: number }[]> {
  const steps: { value: T; at: number }[] = [];
  await waitUntil(
    page,
    what,
    async (p) => {
      const value = await read(p);
      if (steps.length === 0 || !Object.is(steps.at(-1)!.value, value)) steps.push({ value, at: Date.now() });
      return steps.map((s) => s.value);
    },
    (values) => values.length > changes,
    timeout,
  );
  return steps;
}

/**
 * A deliberate window of real time, for what only time passing can show: that something does NOT
 * happen (no second reload, no request, no toast coming back) or that something stays. For `ms` it
 * reads `read` every POLL_MS, and fails at once, with what it saw, if a reading does not pass
 * `holds`; it returns the last reading. Anything that can be waited for instead (a request, an
 * element, a value changing) is waited for with the helpers above, never with a window.
 */
export async function observeFor<T>(
  ms: number,
  what: string,
  read: () => Promise<T> | T,
  holds: (seen: T) => boolean,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (!holds(value))
      throw new Error(`for ${ms} ms, ${what}; but after ${Date.now() - started} ms saw ${JSON.stringify(value)}`);
    if (Date.now() - started >= ms) return value;
    await pause(Math.min(POLL_MS, ms - (Date.now() - started)));
  }
}
