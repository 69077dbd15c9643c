import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECEIPT_MESSAGES as M, receiptParams, receiptResponse } from '../../../shared/contract/receipt';
import { requireUser } from '../../platform/callerIdentity';
import { ok } from '../../platform/successEnvelope';
import { noStore } from '../../platform/noStore';
import { withErrors } from '../../platform/schemas';
import type { ReceiptService } from './service';

/** An order's printable receipt, for its owner only. Identity from the token; another's order is a 404. */
export const receiptRoutes: FastifyPluginAsyncZod<{ service: ReceiptService }> = async (app, { service }) => {
  app.get(
    '/order/:cartId/receipt',
    {
      config: { auth: 'user' },
      schema: {
        summary: "An order's receipt",
        description:
          'The order the cart `cartId` became, for its owner: `{shopName, orderId, cartId, date, status, endedAt, ' +
          'buyer: {name, email}, items: [{eventId, title, path, listPrice, paidPrice, airStartDate, transferred}], ' +
          'coupon: {code, discount} | null, subtotal, total, paymentMethod, paymentMethodLabel}`. Money in dollars. ' +
          "`status` is Paid, Refunded or Cancelled. 404 for an order that is not the caller's, or none.",
        tags: ['orders'],
        params: receiptParams,
        response: withErrors({ 200: receiptResponse }, 404),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await service.receipt(requireUser(req), req.params.cartId), M.found);
    },
  );
};
