import type { ViewingEntitlement } from '../../../shared/contract/streams';

/**
 * The tickets' signed entitlements this browser was given (after a purchase, at each session open):
 * sent with an open and a stream config, they let a ticket holder in while the server's database is
 * out of reach (docs/decisions.md "Outages"). Kept in localStorage under a key of our own beside the
 * shop's (docs/behaviour.md §3), per user and event; the store does not mirror it. Not a secret on its own: it works
 * only with the same user's token, and only while the database cannot answer.
 */
const VIEWING_ENTITLEMENTS_KEY = 'viewingEntitlements';

type Kept = Record<string, Record<string, { token: string; expiresAt: string }>>;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage refused: an outage then finds none, as before.
  }
};

function read(): Kept {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(VIEWING_ENTITLEMENTS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

/** Keeps `entitlements` for `userId`, dropping every expired one (and other users' kept ones stay). */
export function keepEntitlements(userId: string, entitlements: ViewingEntitlement[], now = Date.now()): void {
  if (entitlements.length === 0) return;
  const kept = read();
  const mine = { ...kept[userId] };
  for (const e of entitlements) mine[String(e.eventId)] = { token: e.token, expiresAt: e.expiresAt };
  for (const [eventId, e] of Object.entries(mine)) if (Date.parse(e.expiresAt) <= now) delete mine[eventId];
  try {
    storage()?.setItem(VIEWING_ENTITLEMENTS_KEY, JSON.stringify({ ...kept, [userId]: mine }));
  } catch {
    // Full or refused: nothing kept, as before.
  }
}

/** The kept, unexpired entitlement of `userId` for `eventId`, if any. */
export function entitlementFor(userId: string | null, eventId: number, now = Date.now()): string | undefined {
  if (!userId) return undefined;
  const e = read()[userId]?.[String(eventId)];
  return e && Date.parse(e.expiresAt) > now ? e.token : undefined;
}
