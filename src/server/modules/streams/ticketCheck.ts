import type { Caller } from '../../platform/callerIdentity';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import type { ViewingEntitlements } from './viewingEntitlement';

/**
 * Does the caller hold a ticket for the event? The database's orders answer; while the database is
 * out of reach, the caller's signed entitlement for the event does (viewingEntitlement.ts), so a
 * ticket holder is not turned away by our outage. Without a valid one the outage's 503 stands.
 */
export function createTicketCheck(deps: {
  ownsEvent(caller: Caller | null, eventId: number): Promise<boolean>;
  vouchers: ViewingEntitlements;
}) {
  return async (caller: Caller | null, eventId: number, entitlement: string | undefined): Promise<boolean> => {
    if (caller?.kind !== 'user') return false;
    try {
      return await deps.ownsEvent(caller, eventId);
    } catch (error) {
      if (isDatabaseUnreachable(error) && deps.vouchers.vouches(entitlement, caller.userId, eventId)) return true;
      throw error;
    }
  };
}
