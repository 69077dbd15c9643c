/**
 * How many journeys run at once (E2E_WORKERS, default 3). A journey mostly waits on pages, timers
 * and live video (the whole suite used about a quarter of a core per journey), and each has its own
 * browser, accounts and, where it needs one, its own server: three side by side keep two cores busy.
 */
export const e2eWorkers = (): number => {
  const n = Number(process.env.E2E_WORKERS ?? 3);
  return Number.isInteger(n) && n > 0 ? n : 3;
};
