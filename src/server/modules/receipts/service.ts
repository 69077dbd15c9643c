import { RECEIPT_MESSAGES as M, type Receipt } from '../../../shared/contract/receipt';
import { centsToDollars } from '../../../shared/money';
import { PAID_METHOD_LABELS } from '../../../shared/paymentMethodLabels';
import type { UserCaller } from '../../platform/callerIdentity';
import { NotFound } from '../../platform/domainErrors';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { ReceiptRepositories } from './repositories';

/** The shop's name at the top of every receipt. */
const SHOP_NAME = 'AllAccess';

/**
 * An order's method in words a buyer knows (as the order pages say it). A voucher order is a coupon that
 * took the total to $0; a transfer is a ticket someone handed on, nothing paid.
 */
const METHOD_LABELS: Record<string, string> = {
  ...PAID_METHOD_LABELS,
  transfer: 'Ticket transfer (nothing paid)',
};
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function statusOf(status: string): Receipt['status'] {
  if (status === 'Refunded') return 'Refunded';
  if (status === 'Cancelled') return 'Cancelled';
  return 'Paid';
}

/** Printable receipts (docs/decisions.md "After the purchase"): the owner's order, every figure the server's. */
export function createReceiptService(deps: { uow: UnitOfWork<ReceiptRepositories> }) {
  const { receipts } = deps.uow.repos;
  return {
    async receipt(caller: UserCaller, cartId: number): Promise<Receipt> {
      const order = await receipts.ownOrder(caller.userId, cartId);
      if (!order) throw new NotFound(M.notFound);
      const lines = await receipts.lines(order.id);
      const status = statusOf(order.status);
      const endedAt = status === 'Paid' ? null : (order.refunded_at ?? (await receipts.refundedAt(order.id)));
      // An order made before list prices were kept: its line's list price is what was paid.
      const listCents = lines.reduce((sum, l) => sum + (l.list_price_cents ?? l.price_cents), 0);
      const paidCents = lines.reduce((sum, l) => sum + l.price_cents, 0);
      const name = `${order.first_name} ${order.last_name}`.trim() || order.email.split('@')[0]!;
      return {
        shopName: SHOP_NAME,
        orderId: order.order_ref,
        cartId,
        date: new Date(order.created_at).toISOString(),
        status,
        endedAt: iso(endedAt),
        buyer: { name, email: order.email },
        items: lines.map((l) => ({
          eventId: l.event_id,
          title: l.title,
          path: l.path,
          listPrice: centsToDollars(l.list_price_cents ?? l.price_cents),
          paidPrice: centsToDollars(l.price_cents),
          airStartDate: iso(l.air_start_date),
          transferred: l.transferred_at !== null,
        })),
        coupon: order.coupon_code
          ? { code: order.coupon_code, discount: centsToDollars(Math.max(0, listCents - paidCents)) }
          : null,
        subtotal: centsToDollars(listCents),
        total: centsToDollars(order.amount_cents),
        paymentMethod: order.payment_method,
        paymentMethodLabel: METHOD_LABELS[order.payment_method] ?? order.payment_method,
      };
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;
