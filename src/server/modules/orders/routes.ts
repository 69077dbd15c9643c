import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCartOrderBody,
  createPaymentIntentBody,
  orderHistoryQuery,
  orderHistoryResponse,
  orderLookupQuery,
  orderLookupResponse,
  orderResponse,
  paymentIntentResponse,
} from '../../../shared/contract/orders';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { requireUser } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { refusal, withErrors } from '../../platform/schemas';
import type { CheckoutService } from './checkoutService';
import type { OrderService } from './orderService';
import { ok } from '../../platform/successEnvelope';
import { noStore } from '../../platform/noStore';

/** docs/behaviour.md §7 /order calls: a signed-in user's payments and orders. Identity comes from the token. */
export const orderRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  orders: OrderService;
  checkoutCallsPerMinute: number;
}> = async (app, opts) => {
  const { checkout, orders } = opts;
  const auth = { auth: 'user' } as const;
  // Checkout calls are counted per signed-in user (the route's auth has run before the limit).
  const limited = { ...auth, rateLimit: perCaller(opts.checkoutCallsPerMinute) } as const;

  app.post(
    '/order/createPaymentIntent',
    {
      config: limited,
      schema: {
        summary: "Start paying for the caller's cart",
        description:
          'Answers `data: {client_secret, paymentIntentId, amount, provider}`. `amount` is in cents and must equal ' +
          'the ' +
          "server's total for the caller's cart (else 400). One intent per cart version, reused while unpaid " +
          '(idempotency key per ' +
          'cart version and amount). 409 for an empty cart, a total of 0 (use the voucher purchase), or an owned or ' +
          'sold-out event.',
        tags: ['orders'],
        body: createPaymentIntentBody,
        response: withErrors(
          { 200: paymentIntentResponse },
          refusal(400, "Also an `amount` that is not the cart's total as the server prices it now (in cents)."),
          409,
          502,
        ),
      },
    },
    async (req) => ok(await checkout.createPaymentIntent(requireUser(req), req.body), ORDER_MESSAGES.intentReady),
  );

  app.post(
    '/order/createCartOrder',
    {
      config: limited,
      schema: {
        summary: "Place the order for the caller's cart",
        description:
          'Answers the order `{orderId, cartId, status, usageType, paymentMethod, amount, assetIds, created}` and ' +
          `'${ORDER_MESSAGES.created}' With \`paymentMethod: stripe\`, the order is made only after the provider ` +
          `says the intent ` +
          'succeeded, for this user and amount; the same intent always gives the same order. With `paymentMethod: ' +
          'vouchers`, only ' +
          "when the server's own total is 0 with a coupon (else 400); the same `orderId` ('ORD-' + timestamp + " +
          'random number ' +
          'below 10000) gives the same order. A paid order that cannot be made (sold out meanwhile, coupon used up, ' +
          'owned) is refunded in full and answered 409 saying so.',
        tags: ['orders'],
        body: createCartOrderBody,
        response: withErrors(
          { 200: orderResponse },
          refusal(
            400,
            'Also `paymentMethod: vouchers` for a cart whose total with its coupon is not 0, or with an `amount` ' +
              'other than 0; and `paymentMethod: stripe` with an `amount` other than what the intent was made for.',
          ),
          404,
          409,
          502,
        ),
      },
    },
    async (req) => ok(await checkout.createCartOrder(requireUser(req), req.body), ORDER_MESSAGES.created),
  );

  app.get(
    '/order',
    {
      config: auth,
      schema: {
        summary: "The caller's orders holding an event",
        description:
          'For example `GET /v1/order?filter={"userId":1,"assetId":2}&sortBy=-created`: the caller\'s Active orders ' +
          'holding that event (presence means purchased), newest first (`sortBy=-created`, the default) or oldest ' +
          'first ' +
          "(`created`). Another user's id is a 403.",
        tags: ['orders'],
        querystring: orderLookupQuery,
        response: withErrors({ 200: orderLookupResponse }),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await orders.lookup(requireUser(req), req.query.filter, req.query.sortBy), 'Orders');
    },
  );

  app.get(
    '/order/history',
    {
      config: auth,
      schema: {
        summary: "The caller's order history",
        description:
          'For example `GET /v1/order/history?userId=1&offset=0&limit=50`. Answers ' +
          '`data: {data: [{orderId, cartId, usageType, payment_method, rate, created, events}], total}`, one row ' +
          'per order, newest first; `events` names what the order bought: `[{assetId, title, path}]`.',
        tags: ['orders'],
        querystring: orderHistoryQuery,
        response: withErrors({ 200: orderHistoryResponse }),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(
        await orders.history(requireUser(req), req.query.userId, req.query.offset, req.query.limit),
        'Order history',
      );
    },
  );
};
