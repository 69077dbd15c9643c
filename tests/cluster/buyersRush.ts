import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { fetchCall, sandboxPurchase } from '../utils/sandboxPurchase';

export type RushResult = {
  seconds: number;
  outcomes: { ordered: number; refusedBeforePaying: number; refunded: number; other: number };
  /** Every answer ≥ 500, as "step status message". */
  serverErrors: string[];
  /** Answers that fit none of the expected outcomes, for the failure message. */
  unexpected: string[];
};

/**
 * `buyers` signed-in buyers (users made in the database, tokens signed with the shop's key) rush one
 * event through the load balancer, `width` at a time, as the browser does: add to cart →
 * createPaymentIntent → sandbox card 4242 → createCartOrder. Each ends ordered, refused before paying
 * (sold out at the cart or the intent), or refunded (paid, but the seats went first).
 */
export async function buyersRush(o: {
  url: string;
  database: Database;
  eventId: number;
  buyers: number;
  width: number;
  token: (userId: number) => string;
}): Promise<RushResult> {
  const tag = `rush-${Date.now()}`;
  const { rows } = await sql<{ id: number }>`
    insert into users (email, first_name, last_name, verified)
    select ${tag} || '-' || n || '@example.com', 'Buyer', n::text, true from generate_series(1, ${o.buyers}) as n
    returning id`.execute(o.database.db);
  const result: RushResult = {
    seconds: 0,
    outcomes: { ordered: 0, refusedBeforePaying: 0, refunded: 0, other: 0 },
    serverErrors: [],
    unexpected: [],
  };

  async function buy(userId: number) {
    const fetched = fetchCall(o.url, o.token(userId));
    const purchase = await sandboxPurchase(
      async (request) => {
        const answer = await fetched(request);
        if (answer.status >= 500)
          result.serverErrors.push(`${request.step} ${answer.status} ${answer.json.message ?? ''}`);
        return answer;
      },
      { userId, eventId: o.eventId },
    );
    if (purchase.ok) return 'ordered';
    const { step, answer } = purchase;
    if (answer.status === 409 && (step === 'cart' || step === 'intent')) return 'refusedBeforePaying';
    if (answer.status === 409 && step === 'order') return 'refunded';
    return `${step} ${answer.status} ${answer.json.message}`;
  }

  const started = Date.now();
  const ids = rows.map((r) => r.id);
  let next = 0;
  await Promise.all(
    Array.from({ length: o.width }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const outcome = await buy(id).catch((err: unknown) => `network ${String(err)}`);
        if (outcome === 'ordered' || outcome === 'refusedBeforePaying' || outcome === 'refunded')
          result.outcomes[outcome] += 1;
        else {
          result.outcomes.other += 1;
          result.unexpected.push(outcome);
        }
      }
    }),
  );
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
