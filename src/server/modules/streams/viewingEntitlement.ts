import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { VIEWING_ENTITLEMENT_HEADER } from '../../../shared/contract/streams';

/**
 * How long a signed entitlement vouches for a ticket. It is renewed at every session open and every
 * read of the caller's entitlements, and only consulted while the database cannot answer (the
 * database's orders decide otherwise), so a week is about a refund reaching a player that kept one
 * through an outage, never about who may watch on an ordinary day.
 */
export const VIEWING_ENTITLEMENT_DAYS = 7;
const DAY_S = 24 * 60 * 60;
/** v1.<user>.<event>.<expires, Unix s>.<HMAC-SHA256 base64url>: a header-safe text, nothing secret in it. */
const SHAPE = /^v1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

export type ViewingEntitlement = { token: string; eventId: number; expiresAt: string };

/**
 * A ticket's proof that stands without the database: "user U holds a ticket for event E until T",
 * signed with a key of its own (auth/keys.ts). The player keeps the ones it was given at purchase and
 * at session open, and sends its event's with an open and a stream config, so that a ticket holder
 * who joins or rejoins while PostgreSQL is down still gets in (docs/decisions.md "Outages").
 */
export function createViewingEntitlements(key: Buffer, now: () => number = Date.now) {
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(userId: number, eventId: number): ViewingEntitlement {
      const exp = Math.floor(now() / 1000) + VIEWING_ENTITLEMENT_DAYS * DAY_S;
      const body = `v1.${userId}.${eventId}.${exp}`;
      return { token: `${body}.${mac(body)}`, eventId, expiresAt: new Date(exp * 1000).toISOString() };
    },
    /** True when `token` is ours, unexpired, and for this user and event. */
    vouches(token: string | undefined, userId: number, eventId: number): boolean {
      const m = token ? SHAPE.exec(token) : null;
      if (!m || Number(m[1]) !== userId || Number(m[2]) !== eventId) return false;
      if (Number(m[3]) * 1000 <= now()) return false;
      const expected = Buffer.from(mac(`v1.${m[1]}.${m[2]}.${m[3]}`));
      const given = Buffer.from(m[4]!);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type ViewingEntitlements = ReturnType<typeof createViewingEntitlements>;

/** The entitlement a request carries in its header (one, of the right shape), else undefined. */
export function entitlementOf(request: FastifyRequest): string | undefined {
  const value = request.headers[VIEWING_ENTITLEMENT_HEADER];
  return typeof value === 'string' && SHAPE.test(value) ? value : undefined;
}
