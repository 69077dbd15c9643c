/**
 * The storefront's budgets for the JavaScript a route loads before its first screen is interactive:
 * compressed bytes as transferred (gzip or brotli, as the server answered), in one place for the
 * budget test (e2e/js-budget.e2e.ts) and the Lighthouse bench (npm run bench:web).
 */
const KIB = 1024;

export const JS_BUDGET_BYTES = {
  /** /, /events, an event page, a category page, /experience, /about. */
  catalog: 150 * KIB,
  /** /player/{id}, hls.js included. */
  player: 350 * KIB,
} as const;

/**
 * What the test holds today, while the goals above are not yet met: the
 * figures measured on 2026-11-24 with a few KiB of room. A change that adds JavaScript to a first
 * screen fails the test; lower these as the figures come down, until they meet the goals.
 */
export const JS_CEILING_BYTES = {
  /** The home page loads hls.js (light) for the hero video once it is idle: counted, as it comes before quiet. */
  home: 340 * KIB,
  catalog: 235 * KIB,
  player: 505 * KIB,
} as const;

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
