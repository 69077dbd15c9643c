/**
 * Issue 18's budgets for the JavaScript a route loads before its first screen is interactive:
 * compressed bytes as transferred (gzip or brotli, as the server answered), in one place for the
 * budget test (e2e/js-budget.e2e.ts) and the Lighthouse bench (npm run bench:web).
 */
export const KIB = 1024;

export const JS_BUDGET_BYTES = {
  /** /, /events, an event page, a category page, /experience, /about. */
  catalog: 150 * KIB,
  /** /player/{id}, hls.js included. */
  player: 350 * KIB,
} as const;

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
