import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCartOrderBody, createPaymentIntentBody, ORDER_MESSAGES, orderHistoryQuery,
  orderHistoryResponse, orderLookupQuery, orderLookupResponse, orderResponse, paymentIntentResponse,
} from '../../../shared/contract/orders';
import { requireUser } from '../../plugins/caller';
import { perCaller } from '../../plugins/callerLimits';
import { withErrors } from '../../plugins/schemas';
import type { CheckoutService } from './checkoutService';
import type { OrderService } from './orderService';

const ok = <T>(data: T, message: string) => ({ success: true, message, data });

/** Spec §7 /order calls: a signed-in user's payments and orders. Identity comes from the token. */
export const orderRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService; orders: OrderService; checkoutCallsPerMinute: number }> = async (app, opts) => {
  const { checkout, orders } = opts;
  const auth = { auth: 'user' } as const;
  // Checkout calls are counted per signed-in user (the route's auth has run before the limit).
  const limited = { ...auth, rateLimit: perCaller(opts.checkoutCallsPerMinute) } as const;
  const noStore = (reply: { header(k: string, v: string): unknown }) => void reply.header('cache-control', 'no-store');

  app.post('/order/createPaymentIntent', { config: limited, schema: { body: createPaymentIntentBody, response: withErrors({ 200: paymentIntentResponse }) } },
    async (req) => ok(await checkout.createPaymentIntent(requireUser(req), req.body), ORDER_MESSAGES.intentReady));

  app.post('/order/createCartOrder', { config: limited, schema: { body: createCartOrderBody, response: withErrors({ 200: orderResponse }) } },
    async (req) => ok(await checkout.createCartOrder(requireUser(req), req.body), ORDER_MESSAGES.created));

  app.get('/order', { config: auth, schema: { querystring: orderLookupQuery, response: withErrors({ 200: orderLookupResponse }) } }, async (req, reply) => {
    noStore(reply);
    return ok(await orders.lookup(requireUser(req), req.query.filter, req.query.sortBy), 'Orders');
  });

  app.get('/order/history', { config: auth, schema: { querystring: orderHistoryQuery, response: withErrors({ 200: orderHistoryResponse }) } }, async (req, reply) => {
    noStore(reply);
    return ok(await orders.history(requireUser(req), req.query.userId, req.query.offset, req.query.limit), 'Order history');
  });

};
