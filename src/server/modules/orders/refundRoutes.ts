import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  refundBody,
  SALES_MESSAGES,
  studioOrderDetailResponse,
  studioOrderParams,
  type StudioOrderDetail,
} from '../../../shared/contract/studioSales';
import { requireOrganizer } from '../../platform/callerIdentity';
import { noStore } from '../../platform/noStore';
import { withErrors } from '../../platform/schemas';
import { ok } from '../../platform/successEnvelope';
import type { RefundService } from './refundService';

/**
 * The console's full refund of an order (refundService.ts), answered with the order as the console
 * shows it. The console names and shows an order through the sales module (`consoleOrders`, handed
 * over by routes.ts: sales builds on orders, so orders never imports sales). A provider failure still
 * throws its 502 after the order's access has ended.
 */
export const refundRoutes: FastifyPluginAsyncZod<{
  refunds: Pick<RefundService, 'refund'>;
  consoleOrders: {
    /** `:id` of a console order address: the numeric id, or the order id while one order has it. */
    idOf(key: string): Promise<number>;
    detail(id: number): Promise<StudioOrderDetail>;
  };
}> = async (app, opts) => {
  const organizer = { auth: 'organizer' } as const;

  app.post(
    '/studio/orders/:id/refund',
    {
      config: organizer,
      schema: {
        summary: 'Refund an order in full',
        description:
          'Exactly once, whoever presses it and however often: access ends at once, the seats and the coupon use ' +
          'return, the provider refunds (with one idempotency key per order) and the fan gets a mail. Answers the ' +
          'order. `:id` is the numeric id, or the order id (ORD-…) while only one order has it. 409 when it was ' +
          'refunded already, a refund of it is under way, or more than one order has that order id; 502 when ' +
          'the provider failed (the refund stays pending: call again to retry, which is audited); 404 for an ' +
          'unknown order.',
        tags: ['studio'],
        params: studioOrderParams,
        body: refundBody,
        response: withErrors({ 200: studioOrderDetailResponse }, 404, 409, 502),
      },
    },
    async (req, reply) => {
      const caller = requireOrganizer(req);
      noStore(reply);
      const id = await opts.consoleOrders.idOf(req.params.id);
      await opts.refunds.refund({ userId: caller.userId, email: caller.email }, id);
      return ok(await opts.consoleOrders.detail(id), SALES_MESSAGES.refunded);
    },
  );
};
