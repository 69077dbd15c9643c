import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyVoucherBody, CART_MESSAGES, cartIdParams, cartLineBody, cartQuery, cartResponse, mergeCartBody, removeVoucherBody,
} from '../../../shared/contract/cart';
import { callerOf, requireUser } from '../../plugins/caller';
import { guestsPerAddress, perCaller } from '../../plugins/callerLimits';
import { withErrors } from '../../plugins/schemas';
import type { CartService } from './service';

const ok = <T>(data: T, message: string) => ({ success: true, message, data });
const target = ({ user_id, cart_token }: { user_id?: number | undefined; cart_token?: string | undefined }) =>
  ({ ...(user_id !== undefined ? { user_id } : {}), ...(cart_token !== undefined ? { cart_token } : {}) });

/** Spec §7 cart calls. Every one needs a token (guest or user); identity and ownership come from it. */
export const cartRoutes: FastifyPluginAsyncZod<{ service: CartService; voucherAttemptsPerMinute: number; voucherAttemptsPerMinutePerAddress: number }> = async (app, opts) => {
  const { service } = opts;
  const auth = { auth: 'guest' } as const;
  const answer = withErrors({ 200: cartResponse });

  app.get('/cart', { config: auth, schema: { querystring: cartQuery, response: answer } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await service.get(callerOf(req), target(req.query)), 'Cart');
  });

  app.get('/cart/:id', { config: auth, schema: { params: cartIdParams, response: answer } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await service.getById(callerOf(req), req.params.id), 'Cart');
  });

  app.post('/cart', { config: auth, schema: { body: cartLineBody, response: answer } }, async (req) =>
    ok(await service.add(callerOf(req), target(req.body), req.body.asset_id), CART_MESSAGES.added));

  app.post('/cart/remove', { config: auth, schema: { body: cartLineBody, response: answer } }, async (req) =>
    ok(await service.remove(callerOf(req), target(req.body), req.body.asset_id), CART_MESSAGES.removed));

  app.post('/cart/merge', { config: { auth: 'user' }, schema: { body: mergeCartBody, response: answer } }, async (req) =>
    ok(await service.merge(requireUser(req), req.body.user_id, req.body.guest_cart_token), CART_MESSAGES.merged));

  app.post('/order/applyVoucher', {
    // Code guessing: counted per caller, and guests also per address.
    config: { ...auth, rateLimit: perCaller(opts.voucherAttemptsPerMinute) },
    preHandler: guestsPerAddress(app, 'applyVoucher', opts.voucherAttemptsPerMinutePerAddress),
    schema: { body: applyVoucherBody, response: answer },
  }, async (req) => ok(await service.applyVoucher(callerOf(req), target(req.body), req.body.coupon_code), CART_MESSAGES.couponApplied));

  app.post('/order/removeVoucher', { config: auth, schema: { body: removeVoucherBody, response: answer } }, async (req) =>
    ok(await service.removeVoucher(callerOf(req), target(req.body)), CART_MESSAGES.couponRemoved));
};
