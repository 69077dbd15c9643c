import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { VIEWING_ENTITLEMENT_HEADER, VIEWING_SESSION_KEY_HEADER } from '../../src/shared/contract/streams';
import { signTestToken } from '../utils/signToken';

/**
 * The seed's first premium show with streams, made live (the simulated feed: no stream keys), its
 * air date `secondsAgo` seconds before now: the show the edge, outage and herd runs watch.
 */
export async function livePremiumShow(database: Database, secondsAgo: number): Promise<{ id: number; path: string }> {
  const event = await database.db
    .selectFrom('events')
    .innerJoin('stream_configs', 'stream_configs.event_id', 'events.id')
    .select(['events.id', 'events.path'])
    .where('events.is_premium', '=', true)
    .orderBy('events.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await sql`update events set content_type = 'Live',
    air_start_date = now() - make_interval(secs => ${secondsAgo}) where id = ${event.id}`.execute(database.db);
  return event;
}

/**
 * Ticket holders for one event, made as a sale would leave them (a user and an Active order), in
 * one statement each however many: the herd bench makes thousands.
 */
export async function makeTicketHolders(database: Database, eventId: number, count: number, tag: string) {
  const { rows } = await sql<{ id: number }>`
    insert into users (email, first_name, last_name, verified)
    select ${tag} || '-' || n || '@example.com', 'Fan', n::text, true from generate_series(1, ${count}) as n
    returning id`.execute(database.db);
  const ids = rows.map((r) => r.id);
  await sql`
    with made as (
      insert into orders (order_ref, user_id, payment_method, amount_cents)
      select ${tag} || '-' || u, u, 'vouchers', 0 from unnest(${ids}::int[]) as u
      returning id)
    insert into order_items (order_id, event_id, price_cents) select id, ${eventId}, 0 from made`.execute(database.db);
  return ids;
}

/** A signed-in user's bearer token, signed with the instances' key (tests/utils/testConfig.ts). */
export const fanToken = (userId: number, ttlSeconds = 3600) =>
  signTestToken(
    { kind: 'user', sub: String(userId), userId, name: `Fan ${userId}`, email: `fan-${userId}@example.com` },
    ttlSeconds,
  );

export type Viewing = { sessionId: string; sessionKey: string; entitlement?: { token: string } };

/** The signed entitlement header a player sends, when it holds one. */
const vouched = (entitlement: string | undefined): Record<string, string> =>
  entitlement ? { [VIEWING_ENTITLEMENT_HEADER]: entitlement } : {};

/**
 * Opens a viewing session as the player does (with the ticket's signed entitlement when it has one);
 * the answer's status and, on 201, the session.
 */
export async function openViewing(base: string, token: string, eventId: number, entitlement?: string) {
  const res = await fetch(`${base}/v1/viewing-sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...vouched(entitlement) },
    body: JSON.stringify({ eventId: String(eventId) }),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: Viewing };
  return { status: res.status, session: res.status === 201 ? json.data! : null };
}

/** The stream config as the player asks for it; on 200 the parsed config_data and when its URLs expire. */
export async function readStreamConfig(
  base: string,
  token: string,
  eventId: number,
  viewing: Viewing,
  entitlement?: string,
) {
  const res = await fetch(`${base}/v1/admin/asset/streamconfig/${eventId}?session=${viewing.sessionId}`, {
    headers: {
      authorization: `Bearer ${token}`,
      [VIEWING_SESSION_KEY_HEADER]: viewing.sessionKey,
      ...vouched(entitlement),
    },
  });
  const json = (await res.json().catch(() => ({}))) as { data?: { config_data: string; expiresAt: string } };
  if (res.status !== 200) return { status: res.status, config: null, expiresAt: null };
  return {
    status: res.status,
    config: JSON.parse(json.data!.config_data) as { videoUrl: string; streamUrls: { url: string; name: string }[] },
    expiresAt: json.data!.expiresAt,
  };
}

export async function closeViewing(base: string, token: string, viewing: Viewing) {
  const res = await fetch(`${base}/v1/viewing-sessions/${viewing.sessionId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, [VIEWING_SESSION_KEY_HEADER]: viewing.sessionKey },
  });
  await res.arrayBuffer();
  return res.status;
}

/** A heartbeat as the player sends it; the answer's status. */
export async function keepViewing(base: string, token: string, viewing: Viewing) {
  const res = await fetch(`${base}/v1/viewing-sessions/${viewing.sessionId}/heartbeat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, [VIEWING_SESSION_KEY_HEADER]: viewing.sessionKey },
  });
  await res.arrayBuffer();
  return res.status;
}
