import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * The turn of one ticket (a user's event) until the transaction ends, on every instance: plays of
 * the ticket take it to write their session (streams' lockTicket and the open_viewing_session
 * function of migrations 0014 and 0019, which spell the same key in SQL), and a refund of its order
 * takes it before closing the sessions (orders' lockTickets). Here, below both modules, so neither
 * imports the other for it.
 */
export async function lockTicketTurn(db: Executor, userId: number, eventId: number): Promise<void> {
  if (!db.isTransaction) throw new Error("a ticket's turn needs a transaction (use the unit of work)");
  await sql`select pg_advisory_xact_lock(hashtextextended(${`viewing-ticket:${userId}:${eventId}`}, 0))`.execute(db);
}
