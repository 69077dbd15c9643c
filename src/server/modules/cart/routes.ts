import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyVoucherBody,
  cartIdParams,
  cartLineBody,
  cartQuery,
  cartResponse,
  mergeCartBody,
  removeVoucherBody,
} from '../../../shared/contract/cart';
import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import { callerOf, requireUser } from '../../platform/callerIdentity';
import { guestsPerAddress, perCaller } from '../../platform/callerLimits';
import { refusal, withErrors } from '../../platform/schemas';
import type { CartService } from './service';
import { ok } from '../../platform/successEnvelope';

const target = ({ user_id, cart_token }: { user_id?: number | undefined; cart_token?: string | undefined }) => ({
  ...(user_id !== undefined ? { user_id } : {}),
  ...(cart_token !== undefined ? { cart_token } : {}),
});

/** Which cart a call names, in the API document's words. */
const WHOSE =
  "The cart may be named by `user_id` (the caller's) or `cart_token` (the calling guest's), never both (a 400): " +
  "another user's id, or a `cart_token` that is not the calling guest's (or no longer exists), is a 403 and changes " +
  'nothing.';
const COUPON_DROPPED = 'A coupon that stops applying (its event removed, expired) is dropped.';
/** The query's two fields cannot be published as exclusive (the bodies say so with `not`): the 400 says it. */
const ONE_CART = refusal(400, 'Also `user_id` and `cart_token` together: they name one cart, so send one or neither.');

type CartRouteOptions = {
  service: CartService;
  voucherAttemptsPerMinute: number;
  voucherAttemptsPerMinutePerAddress: number;
};
type App = Parameters<FastifyPluginAsyncZod<CartRouteOptions>>[0];
/**
 * The 200 and refusals most cart calls answer: every one may name a cart that is not the caller's
 * (403), more where a route says so. Built once per registration, as the routes are.
 */
const cartAnswer = () => withErrors({ 200: cartResponse }, ONE_CART, 403);
type Answer = ReturnType<typeof cartAnswer>;
const auth = { auth: 'guest' } as const;

/** Reading a cart: the caller's, or one by id (which may have become an order). */
function registerCartReads(app: App, { service }: CartRouteOptions, answer: Answer) {
  app.get(
    '/cart',
    {
      config: auth,
      schema: {
        summary: "The caller's cart",
        description:
          `${WHOSE} Answers \`{id, items, totals, cartToken, coupon, version}\`; an empty cart (\`id: null\`) before ` +
          'the first add. Items carry `assetId`, `meta` (label, second_description, air_start_date, poster, path), ' +
          '`unitPrice`, ' +
          "`finalPrice`, `finalPriceEffective` (the line's share after the coupon; they add up to `grandTotal`) and " +
          '`subscription_id`; totals `itemsSubtotal`, `itemDiscount`, `couponDiscount` and `grandTotal`, all ' +
          'computed by the server in cents.',
        tags: ['cart'],
        querystring: cartQuery,
        response: answer,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await service.get(callerOf(req), target(req.query)), 'Cart');
    },
  );

  app.get(
    '/cart/:id',
    {
      config: auth,
      schema: {
        summary: 'A cart by id, or the order it became',
        description:
          "A cart by id, for its owner only: the caller's live cart, or a cart that became an order (the order page " +
          '`/order/{Id}`), with its lines as bought (prices paid), totals and coupon, and ' +
          '`order: {orderId, status, usageType, paymentMethod, created}`. Every order has a cart id of its own.',
        tags: ['cart'],
        params: cartIdParams,
        response: withErrors({ 200: cartResponse }, 403, 404),
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await service.getById(callerOf(req), req.params.id), 'Cart');
    },
  );
}

/** Changing a cart's lines: add, remove, and a guest cart merged into the user's. */
function registerCartLines(app: App, { service }: CartRouteOptions, answer: Answer) {
  app.post(
    '/cart',
    {
      config: auth,
      schema: {
        summary: 'Add an event to the cart',
        description:
          `Adds the event \`asset_id\` (one line per event) and answers the cart. ${WHOSE} A guest's first add ` +
          `creates its ` +
          'cart and answers its `cartToken` (256 random bits, bound to that guest token). 409 for an owned, free or ' +
          'sold-out event or a full cart.',
        tags: ['cart'],
        body: cartLineBody,
        response: withErrors({ 200: cartResponse }, ONE_CART, 403, 404, 409),
      },
    },
    async (req) => ok(await service.add(callerOf(req), target(req.body), req.body.asset_id), CART_MESSAGES.added),
  );

  app.post(
    '/cart/remove',
    {
      config: auth,
      schema: {
        summary: 'Remove an event from the cart',
        description: `Removes the event \`asset_id\` and answers the cart after the change. ${WHOSE} ${COUPON_DROPPED}`,
        tags: ['cart'],
        body: cartLineBody,
        response: answer,
      },
    },
    async (req) => ok(await service.remove(callerOf(req), target(req.body), req.body.asset_id), CART_MESSAGES.removed),
  );

  app.post(
    '/cart/merge',
    {
      config: { auth: 'user' },
      schema: {
        summary: "Move a guest cart into the signed-in user's cart",
        description:
          'Moves the guest cart `guest_cart_token` into the cart of `user_id` (the caller): skips events already ' +
          'there, ' +
          'owned or no longer on sale, stops at the line limit, and keeps the coupon worth more. The guest cart is ' +
          'deleted.',
        tags: ['cart'],
        body: mergeCartBody,
        response: withErrors({ 200: cartResponse }, 403),
      },
    },
    async (req) =>
      ok(await service.merge(requireUser(req), req.body.user_id, req.body.guest_cart_token), CART_MESSAGES.merged),
  );
}

/** The cart's coupon: applied (limited, against code guessing) or removed. */
function registerVouchers(app: App, opts: CartRouteOptions, answer: Answer) {
  const { service } = opts;
  app.post(
    '/order/applyVoucher',
    {
      // Code guessing: counted per caller, and guests also per address.
      config: { ...auth, rateLimit: perCaller(opts.voucherAttemptsPerMinute) },
      preHandler: guestsPerAddress(app, 'applyVoucher', opts.voucherAttemptsPerMinutePerAddress),
      schema: {
        summary: 'Apply a coupon to the cart',
        description:
          `Applies \`coupon_code\` and answers the cart after the change. ${WHOSE} An unknown, expired, used-up or ` +
          `other-event coupon is a 400 '${CART_MESSAGES.invalidCoupon}'. ${COUPON_DROPPED}`,
        tags: ['cart'],
        body: applyVoucherBody,
        response: withErrors(
          { 200: cartResponse },
          ONE_CART,
          refusal(
            400,
            'And a `coupon_code` that does not apply to this cart now: unknown, not started, ended, disabled, ' +
              `used up, or for an event not in the cart ('${CART_MESSAGES.invalidCoupon}').`,
          ),
          403,
        ),
      },
    },
    async (req) =>
      ok(
        await service.applyVoucher(callerOf(req), target(req.body), req.body.coupon_code),
        CART_MESSAGES.couponApplied,
      ),
  );

  app.post(
    '/order/removeVoucher',
    {
      config: auth,
      schema: {
        summary: 'Remove the coupon from the cart',
        description: `Removes the cart's coupon and answers the cart after the change. ${WHOSE}`,
        tags: ['cart'],
        body: removeVoucherBody,
        response: answer,
      },
    },
    async (req) => ok(await service.removeVoucher(callerOf(req), target(req.body)), CART_MESSAGES.couponRemoved),
  );
}

/** docs/behaviour.md §7 cart calls. Every one needs a token (guest or user); identity and ownership come from it. */
export const cartRoutes: FastifyPluginAsyncZod<CartRouteOptions> = async (app, opts) => {
  const answer = cartAnswer();
  registerCartReads(app, opts, answer);
  registerCartLines(app, opts, answer);
  registerVouchers(app, opts, answer);
};
