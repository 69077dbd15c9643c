/**
 * How many journeys run at once (E2E_WORKERS, default 2). A journey mostly waits on pages, timers
 * and video: two at once used 490 CPU-seconds over a 1,320 s run, build included. Each has its own
 * browser, accounts and, where it needs one, its own server. Two passed 239 of 240 on a machine
 * loaded 20 deep (the one failure a test's own clock, since fixed). Four overloaded two cores: the
 * load reached 23 and a 30 s test timed out, so two stays the default.
 */
export const e2eWorkers = (): number => {
  const n = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(n) && n > 0 ? n : 2;
};
