import { SALES_MESSAGES } from '../../../shared/contract/studioSales';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, NotFound } from '../../platform/domainErrors';
import type { OrderRepositories } from '../orders/repositories';
import type { RefundActor, RefundKind, RefundService } from '../orders/refundService';

/** The guaranteed view's refund: the whole order, reason 'guarantee', the fan as the audit's actor. */
const GUARANTEE: RefundKind = { reason: 'guarantee', status: 'Refunded', action: 'order.refund_guarantee' };

/** The make-good's refund through the one writer of refunds (orders/refundService.ts), exactly once per order. */
export function guaranteeRefund(
  refunds: Pick<RefundService, 'refundAs'>,
  uow: UnitOfWork<Pick<OrderRepositories, 'orders'>>,
) {
  return async (actor: RefundActor, orderId: number): Promise<void> => {
    const order = await uow.repos.orders.byId(orderId);
    if (!order) throw new NotFound(SALES_MESSAGES.orderNotFound);
    if (!(await refunds.refundAs(actor, order, GUARANTEE))) throw new Conflict(SALES_MESSAGES.alreadyRefunded);
  };
}
