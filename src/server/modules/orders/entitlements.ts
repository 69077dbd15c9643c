import type { UnitOfWork } from '../../db/unitOfWork';
import type { Caller } from '../../platform/callerIdentity';
import type { OrderRepositories } from './repositories';

/** Who may watch (and so cannot buy again) an event: a user with an Active order for it. */
export function createEntitlements({ uow }: { uow: UnitOfWork<Pick<OrderRepositories, 'orders'>> }) {
  return {
    async ownsEvent(caller: Caller | null, eventId: number): Promise<boolean> {
      if (caller?.kind !== 'user') return false;
      return (await uow.repos.orders.ownedEventIds(caller.userId, [eventId])).length > 0;
    },
    /** Every event the user holds an Active order for (at most 500 orders' worth). */
    async ownedEvents(userId: number): Promise<number[]> {
      const rows = await uow.repos.orders.lookup(userId, undefined, 'desc');
      return [...new Set(rows.map((r) => r.event_id))];
    },
    async isSoldOut(eventId: number): Promise<boolean> {
      return (await uow.repos.orders.soldOutIds([eventId])).length > 0;
    },
  };
}
export type Entitlements = ReturnType<typeof createEntitlements>;
