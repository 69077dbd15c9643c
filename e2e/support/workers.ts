/**
 * How many journeys run at once (E2E_WORKERS, default 2). Each has its own browser, accounts and,
 * where it needs one, its own server. Two already keep two cores 94–100 % busy (vmstat over a whole
 * run of the lane: 1,125 s, the files' times adding up to 2,199 s), mostly in Chromium, whose
 * processes jest's own CPU count leaves out. Four overloaded two cores: the load reached 23 and a 30 s
 * test timed out, so two stays the default.
 */
export const e2eWorkers = (): number => {
  const n = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(n) && n > 0 ? n : 2;
};
