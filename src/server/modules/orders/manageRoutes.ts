import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_MANAGE_MESSAGES as M,
  orderCancelResponse,
  orderManageParams,
  orderManageResponse,
  ticketTransferBody,
  ticketTransferParams,
  ticketTransferResponse,
} from '../../../shared/contract/orderManage';
import { requireUser } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { ok } from '../../platform/successEnvelope';
import { noStore } from '../../platform/noStore';
import { withErrors } from '../../platform/schemas';
import type { CancelService } from './cancelService';
import type { TransferService } from './transferService';

/**
 * The fan's own changes to an order after buying: what is possible, cancelling it, handing a ticket
 * on. The caller's own orders only (another's is a 404, as if absent); identity from the token.
 */
export const orderManageRoutes: FastifyPluginAsyncZod<{
  cancels: CancelService;
  transfers: TransferService;
  changesPerMinute: number;
}> = async (app, opts) => {
  const { cancels, transfers } = opts;
  const auth = { auth: 'user' } as const;
  // Each change mails someone (a transfer mails a stranger): counted per signed-in user.
  const limited = { ...auth, rateLimit: perCaller(opts.changesPerMinute) } as const;

  app.get(
    '/order/:cartId/manage',
    {
      config: auth,
      schema: {
        summary: 'What the caller may do with their order',
        description:
          'Answers `{status, cancel: {allowed, until, reason}, tickets: [{eventId, title, transfer: {allowed, ' +
          "reason, to, at}}]}`. `cancel.until` is the last moment to cancel (a live show's air date minus its " +
          'cutoff hours, 24 by default), null when the order holds only on-demand events (cancellable until ' +
          'first played). `reason` says why not. A ticket handed on shows `to` (masked) and `at`.',
        tags: ['orders'],
        params: orderManageParams,
        response: withErrors({ 200: orderManageResponse }, 404),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await cancels.manage(requireUser(req), req.params.cartId), 'Order');
    },
  );

  app.post(
    '/order/:cartId/cancel',
    {
      config: limited,
      schema: {
        summary: "Cancel the caller's order for a full refund",
        description:
          `The whole order, exactly once: access ends at once, the seats and the coupon use return, the provider ` +
          `refunds and a mail confirms. Answers what the order page shows next and '${M.cancelled}' 409 with the ` +
          'reason: past the cutoff (the sentence names it), a ticket handed on, an order of a ticket received, ' +
          'cancelled or refunded already, or an on-demand event played.',
        tags: ['orders'],
        params: orderManageParams,
        response: withErrors({ 200: orderCancelResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await cancels.cancel(requireUser(req), req.params.cartId), M.cancelled);
    },
  );

  app.post(
    '/order/:cartId/tickets/:eventId/transfer',
    {
      config: limited,
      schema: {
        summary: "Hand one of the caller's tickets on to another e-mail address",
        description:
          'Before the show (a live show: before its air date; on demand: while never played), once per ticket. ' +
          'The caller loses access at once; the receiver gets a mail and holds the ticket through an order of ' +
          'their own (usage type Transfer) as soon as an account with that address exists. 409 with the reason: ' +
          'handed on already, to oneself, a ticket received, the order cancelled or refunded, the show started, ' +
          'or the receiver holds a ticket for the event.',
        tags: ['orders'],
        params: ticketTransferParams,
        body: ticketTransferBody,
        response: withErrors({ 200: ticketTransferResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      noStore(reply);
      const { cartId, eventId } = req.params;
      return ok(await transfers.transfer(requireUser(req), cartId, eventId, req.body.email), M.transferred);
    },
  );
};
