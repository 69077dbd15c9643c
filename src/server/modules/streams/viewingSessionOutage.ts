import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Caller } from '../../platform/callerIdentity';
import type { StreamRepositories } from './repositories';
import { hashSessionKey, outageSessionKey, sameHash } from './viewingSessionKey';

/** Whose sessions these are: a signed-in user's, or one guest token's. */
export const viewerOf = (caller: Caller) =>
  caller.kind === 'user' ? `user:${caller.userId}` : `guest:${caller.guestId}`;
/** What logs say of a caller: a user's id, never a guest token's subject. */
export const who = (caller: Caller) => (caller.kind === 'user' ? { userId: caller.userId } : { viewer: 'guest' });

/**
 * Viewing sessions opened while the database could not be reached (docs/decisions.md "Outages"): one
 * is answered anyway (the ticket was checked, by the database or by the caller's signed entitlement),
 * with a key derived from its id, so the first call about it after the outage can prove it and write
 * it down (`adopt`). The device limit is not counted meanwhile.
 */
export function createOutageSessions(deps: {
  uow: UnitOfWork<StreamRepositories>;
  outageKey: Buffer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now: () => number;
}) {
  const { uow, log } = deps;
  const keyOf = (id: string, viewer: string, eventId: number) => outageSessionKey(deps.outageKey, id, viewer, eventId);
  return {
    /** The key of a session opened without the database, logged as such. */
    keyFor(caller: Caller, eventId: number, id: string): string {
      log.warn({ sessionId: id, eventId, ...who(caller) }, 'viewing session opened without the database (outage)');
      return keyOf(id, viewerOf(caller), eventId);
    },

    /**
     * A session with no row whose key is the one derived for it (opened during an outage), written
     * down now; false when the key is not that (any other session without a row is not ours).
     */
    async adopt(caller: Caller, sessionId: string, key: string, eventId: number): Promise<boolean> {
      const viewer = viewerOf(caller);
      if (!sameHash(keyOf(sessionId, viewer, eventId), key)) return false;
      const at = new Date(deps.now());
      const userId = caller.kind === 'user' ? caller.userId : null;
      await uow.transaction(async ({ viewingSessions }) => {
        // A ticket's play counts as played for good (cancel and hand-on rules), under its turn as any play.
        if (userId !== null) await viewingSessions.lockTicket(userId, eventId);
        await viewingSessions.adopt({ id: sessionId, eventId, userId, viewer, keyHash: hashSessionKey(key), at });
        if (userId !== null) await viewingSessions.markFirstPlay(userId, eventId, at);
      });
      log.info({ sessionId, eventId, ...who(caller) }, 'viewing session opened during an outage written down');
      return true;
    },
  };
}
