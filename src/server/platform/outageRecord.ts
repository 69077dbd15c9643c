/**
 * What one process saw of the database's last outage: from its first failed read to its first good
 * one after. Rules that count silence (a viewing session is over when not heard from for two
 * heartbeats) leave that time out, since nobody could be heard from then: a show's viewers are not
 * cut off by the outage ending (docs/decisions.md "Outages").
 */
export function createOutageRecord(now: () => number = Date.now) {
  let outage: { from: number; to: number | null } | null = null;
  return {
    /** A read failed because the database is out of reach. */
    failed(): void {
      if (!outage || outage.to !== null) outage = { from: now(), to: null };
    },
    /** A read succeeded. */
    succeeded(): void {
      if (outage && outage.to === null) outage.to = now();
    },
    /**
     * How much silence to forgive now: the last outage's length while it lasts and for `windowMs`
     * after it ended (the time a silent session needs to be heard from again); 0 otherwise.
     */
    forgivenMs(windowMs: number): number {
      if (!outage) return 0;
      const at = now();
      if (outage.to !== null && at - outage.to >= windowMs) return 0;
      return (outage.to ?? at) - outage.from;
    },
  };
}
export type OutageRecord = ReturnType<typeof createOutageRecord>;
