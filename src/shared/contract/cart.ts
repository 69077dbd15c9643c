import { z } from './zod';
import { envelope } from './responseEnvelope';
import { atMostOneOf } from './fieldRules';
import { dbId, jsonId } from './ids';
import { CART_MESSAGES } from './cartMessages';

/**
 * The cart of docs/behaviour.md §3 and §7. Money is dollars on the wire (integer cents inside the server);
 * every amount here is computed by the server from its own prices and the applied coupon.
 */

/** A guest cart's key: ≥ 128 random bits, base64url. */
const cartToken = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be a cart token this server gave out');

const cartItemMeta = z.object({
  label: z.string(),
  second_description: z.string(),
  air_start_date: z.string().nullable(),
  vodOrLivePosterImageFilePath: z.string(),
  /** The event's path, for links (`/events/{assetId}` works with the id too). */
  path: z.string(),
});

const cartItem = z.object({
  assetId: z.number().int(),
  meta: cartItemMeta,
  /** The line's share of the total after the coupon: the items' finalPriceEffective add up to grandTotal. */
  finalPriceEffective: z.number(),
  /** The line's price before the coupon (no per-item sale prices yet: equals unitPrice). */
  finalPrice: z.number(),
  unitPrice: z.number(),
  subscription_id: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof cartItem>;

const cartTotals = z.object({
  itemsSubtotal: z.number(),
  itemDiscount: z.number(),
  couponDiscount: z.number(),
  grandTotal: z.number(),
});
export type CartTotals = z.infer<typeof cartTotals>;

const appliedCoupon = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().nullable(),
  /** Set when the coupon is for one event only. */
  eventId: z.number().int().nullable(),
});
export type AppliedCoupon = z.infer<typeof appliedCoupon>;

/** A cart that became an order (GET /cart/{id} of an order's cart id): the order it became. */
const cartOrder = z.object({
  orderId: z.string(),
  status: z.string(),
  usageType: z.string(),
  paymentMethod: z.string(),
  created: z.string(),
});

const cart = z.object({
  /** Null until the first item is added. */
  id: z.number().int().nullable(),
  items: z.array(cartItem),
  totals: cartTotals,
  /** A guest cart's token (keep it as 'guest_cart_token'); null for a user's cart. */
  cartToken: z.string().nullable(),
  /** The active coupon, or null ('Have a promo code?' then shows). */
  coupon: appliedCoupon.nullable(),
  /** Goes up by one with every change to the cart (lines or coupon). */
  version: z.number().int(),
  /** Present on an ordered cart (read by id): its lines are as bought, at the prices paid. */
  order: cartOrder.optional(),
});
export type Cart = z.infer<typeof cart>;
export const cartResponse = envelope(cart);
export type CartResponse = z.infer<typeof cartResponse>;

/**
 * Which cart a call is about: the user's (user_id) or a guest's (cart_token), never both; neither =
 * the caller's own. In the query an id is text; in a body, a JSON number.
 */
const queryTarget = {
  user_id: dbId.optional().meta({ description: "The caller's user id. Never with `cart_token` (a 400)." }),
  cart_token: cartToken
    .optional()
    .meta({ description: "The calling guest's cart token. Never with `user_id` (a 400)." }),
};
const bodyTarget = { user_id: jsonId.optional(), cart_token: cartToken.optional() };
const oneCart = <T extends z.ZodObject>(schema: T) =>
  atMostOneOf(schema, ['user_id', 'cart_token'], 'Send user_id or cart_token, not both.');
export const cartQuery = oneCart(z.strictObject(queryTarget));
export type CartTarget = z.infer<typeof cartQuery>;
export const cartLineBody = oneCart(z.strictObject({ asset_id: jsonId, ...bodyTarget }));
export type CartLineBody = z.infer<typeof cartLineBody>;
export const mergeCartBody = z.strictObject({ user_id: jsonId, guest_cart_token: cartToken });
export type MergeCartBody = z.infer<typeof mergeCartBody>;
export const applyVoucherBody = oneCart(
  z.strictObject({
    coupon_code: z.string().trim().min(1, CART_MESSAGES.promoCodeEmpty).max(64),
    ...bodyTarget,
  }),
);
export type ApplyVoucherBody = z.infer<typeof applyVoucherBody>;
export const removeVoucherBody = oneCart(z.strictObject(bodyTarget));
export const cartIdParams = z.strictObject({ id: dbId });
