// @widths phone: the script budget is a phone's, on a slowed CPU and network
import type { Browser } from 'puppeteer';
import { baseUrl, launchBrowser } from './support/browser';
import { CPU_SLOWDOWN, measureInitialJs, PHONE, QUIET_WINDOW_MS, type InitialJs } from './support/initialJs';
import { JS_BUDGET_BYTES, JS_CEILING_BYTES, kib } from './support/jsBudgets';

/**
 * The storefront's JavaScript budgets, on the production build the suite serves: a phone's first visit to
 * each catalog route may load at most 150 KiB (compressed) of JavaScript before its first screen is
 * interactive, the player 350 KiB with hls.js. What "before interactive" means, and how the bytes
 * are counted: e2e/support/initialJs.ts. Each route prints its bytes and files, so a failure says
 * what it saw; the budgets live in e2e/support/jsBudgets.ts.
 */
jest.setTimeout(120_000);

type Route = {
  path: string;
  budget: number;
  ceiling: number;
  firstScreen: string;
  ready: () => boolean;
  mainThreadQuiet?: boolean;
};

// The functions below run in the page (serialized): only what they reference inside themselves.
const CATALOG: Route[] = [
  {
    path: '/',
    budget: JS_BUDGET_BYTES.catalog,
    ceiling: JS_CEILING_BYTES.home,
    firstScreen: 'the hero slide and a row of event cards',
    ready: () =>
      document.querySelector('[aria-roledescription="slide"] h2') !== null &&
      document.querySelector('main section[aria-label] article') !== null,
  },
  {
    path: '/events',
    budget: JS_BUDGET_BYTES.catalog,
    ceiling: JS_CEILING_BYTES.catalog,
    firstScreen: 'the heading and event cards',
    ready: () => document.querySelector('main h1') !== null && document.querySelector('main article') !== null,
  },
  {
    path: '/events/{id}',
    budget: JS_BUDGET_BYTES.catalog,
    ceiling: JS_CEILING_BYTES.catalog,
    firstScreen: "the event's title",
    ready: () => document.querySelector('main h1') !== null,
  },
  {
    path: '/category/on-demand',
    budget: JS_BUDGET_BYTES.catalog,
    ceiling: JS_CEILING_BYTES.catalog,
    firstScreen: 'the heading and event cards',
    ready: () => document.querySelector('main h1') !== null && document.querySelector('main article') !== null,
  },
  {
    path: '/experience',
    budget: JS_BUDGET_BYTES.catalog,
    ceiling: JS_CEILING_BYTES.catalog,
    firstScreen: 'the heading and event cards',
    ready: () => document.querySelector('main h1') !== null && document.querySelector('main article') !== null,
  },
  {
    path: '/about',
    budget: JS_BUDGET_BYTES.catalog,
    ceiling: JS_CEILING_BYTES.catalog,
    firstScreen: 'the heading',
    ready: () => document.querySelector('main h1') !== null,
  },
];
/** A free demo event: any visitor may watch it, so a first visit plays it. */
const PLAYER: Route = {
  path: '/player/marisol-vega-quartet',
  budget: JS_BUDGET_BYTES.player,
  ceiling: JS_CEILING_BYTES.player,
  firstScreen: 'a video showing a frame',
  ready: () => Array.from(document.querySelectorAll('video')).some((v) => v.readyState >= 2),
  // Nine playing angles keep the main thread busy for good: interactive once no script is fetched.
  mainThreadQuiet: false,
};

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

function reportOf(route: Route, m: InitialJs): string {
  const files = m.scripts.map((s) => {
    const at = `${String(s.requestedAtMs).padStart(5)} ms`;
    return `    ${kib(s.bytes).padStart(10)}  ${s.encoding.padEnd(8)} at ${at}  ${short(s.url)}`;
  });
  const goal = m.bytes <= route.budget ? 'met' : 'NOT MET';
  const ceiling = m.bytes <= route.ceiling ? 'within' : 'OVER';
  return [
    `${short(m.url)}: ${kib(m.bytes)} of JS before interactive; goal ${kib(route.budget)} → ${goal}; ` +
      `ceiling ${kib(route.ceiling)} → ${ceiling}`,
    `  first screen (${route.firstScreen}) at ${m.firstScreenAtMs} ms, interactive at ${m.interactiveAtMs} ms, ` +
      `${m.longTasks} long tasks; ${m.scripts.length} scripts:`,
    ...files,
  ].join('\n');
}

let browser: Browser;
let eventId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl()}/v1/asset/velvet-static-unplugged`);
  eventId = ((await res.json()) as { data: [{ id: number }] }).data[0].id;
  process.stdout.write(
    `JS budgets: catalog routes ${kib(JS_BUDGET_BYTES.catalog)}, player ${kib(JS_BUDGET_BYTES.player)} ` +
      `(compressed, as transferred); ${PHONE.width}×${PHONE.height}, CPU ${CPU_SLOWDOWN}× slower, ` +
      `interactive after ${QUIET_WINDOW_MS} ms without long tasks or script fetches\n`,
  );
});
afterAll(() => browser.close());

it.each([...CATALOG, PLAYER].map((r) => [r.path, r] as const))(
  '%s stays within its JavaScript budget',
  async (_path, route) => {
    const url = `${baseUrl()}${route.path.replace('{id}', String(eventId))}`;
    const measured = await measureInitialJs(browser, url, route.ready, {
      mainThreadQuiet: route.mainThreadQuiet ?? true,
    });
    const report = reportOf(route, measured);
    process.stdout.write(`${report}\n`);
    if (measured.bytes > route.ceiling) throw new Error(report);
  },
);
