import type { WaitlistRepositories } from './repositories';

const MINUTE_MS = 60_000;

/**
 * Offers the free seats of these events to their lines, inside the caller's transaction (a refund's
 * claim, a lapse, a leave, a raised capacity): under each line's lock (the event row, which the
 * caller's own change of `sold` may hold already), the first fan still waiting gets a seat taken as
 * a sale takes one (`sold < capacity`) and held for the event's hold time; then the next, while seats
 * are free. A fan who holds a ticket by now leaves the line instead. Answers how many seats were
 * held; their mails go after the commit (service.ts mailHolds).
 */
export async function offerSeats(repos: WaitlistRepositories, eventIds: number[], at: Date): Promise<number> {
  let held = 0;
  // In the events' order, as sales lock them: two offers never wait on each other in a circle.
  for (const eventId of [...new Set(eventIds)].sort((a, b) => a - b)) {
    const line = await repos.waitlist.lockLine(eventId);
    if (!line || line.capacity === null) continue;
    const until = new Date(at.getTime() + line.waitlist_hold_minutes * MINUTE_MS);
    for (;;) {
      const next = await repos.waitlist.nextWaiting(eventId);
      if (!next) break;
      if (await repos.waitlist.holdsTicket(next.user_id, eventId)) {
        await repos.waitlist.leave(next.id, at);
        continue;
      }
      if (!(await repos.waitlist.takeSeat(eventId))) break;
      if (!(await repos.waitlist.hold(next.id, at, until))) {
        // Not waiting any more (only without the line's lock): the seat goes back.
        await repos.waitlist.returnSeats(eventId, 1);
        continue;
      }
      held += 1;
    }
  }
  return held;
}
