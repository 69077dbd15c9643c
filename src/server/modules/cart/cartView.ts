import type { AppliedCoupon, Cart } from '../../../shared/contract/cart';
import { centsToDollars } from '../../../shared/money';
import type { Caller } from '../../platform/callerIdentity';
import { couponEventIds, couponTerms, couponUsable, type CouponRow } from './couponRules';
import { priceCart, type PricedLine } from './pricing';
import type { CartRepositories } from './repositories';
import type { CartLineRow, CartRow } from './cartRepository';

export const EMPTY_CART: Cart = {
  id: null,
  items: [],
  cartToken: null,
  coupon: null,
  version: 0,
  totals: { itemsSubtotal: 0, itemDiscount: 0, couponDiscount: 0, grandTotal: 0 },
};

const priced = (lines: CartLineRow[]): PricedLine[] =>
  lines.map((l) => ({ eventId: l.event_id, priceCents: l.rate_cents ?? 0 }));

/** The cart's coupon if it can still be used on these lines by this caller, else null. */
export async function usableCoupon(
  repos: CartRepositories,
  code: string | null,
  lines: CartLineRow[],
  caller: Caller,
  now: Date,
): Promise<CouponRow | null> {
  if (!code) return null;
  const coupon = await repos.coupons.byCode(code);
  if (!coupon) return null;
  const userId = caller.kind === 'user' ? caller.userId : null;
  const redemptions = await repos.coupons.redemptions(coupon.code, userId);
  return couponUsable(coupon, { now, eventIds: lines.map((l) => l.event_id), redemptions, isUser: userId !== null })
    ? coupon
    : null;
}

/** A coupon as the cart and the order page show it. */
export const appliedCoupon = (c: CouponRow): AppliedCoupon => ({
  code: c.code,
  kind: c.kind,
  percentOff: c.percent_off,
  amountOff: c.amount_off_cents === null ? null : centsToDollars(c.amount_off_cents),
  // The contract's one event: set when the coupon is for exactly one.
  eventId: oneEvent(couponEventIds(c)),
});
const oneEvent = (ids: number[] | null) => (ids?.length === 1 ? ids[0]! : null);

/**
 * The cart as the client sees it (docs/behaviour.md §3): every amount computed here from the server's prices.
 * A coupon that no longer applies (expired, used up, its event removed) is shown as none.
 */
export async function cartView(
  repos: CartRepositories,
  cart: CartRow,
  caller: Caller,
  now: Date,
  knownLines?: CartLineRow[],
): Promise<Cart> {
  // A change that already knows the lines it left (an add) passes them, saving a query.
  const lines = knownLines ?? (await repos.carts.lines(cart.id));
  const coupon = await usableCoupon(repos, cart.coupon_code, lines, caller, now);
  const totals = priceCart(priced(lines), coupon ? couponTerms(coupon) : null);
  return {
    id: cart.id,
    cartToken: cart.token,
    version: cart.version,
    coupon: coupon ? appliedCoupon(coupon) : null,
    items: lines.map((l) => {
      const price = centsToDollars(l.rate_cents ?? 0);
      return {
        assetId: l.event_id,
        meta: {
          label: l.title,
          second_description: l.venue_description,
          air_start_date: l.air_start_date ? new Date(l.air_start_date).toISOString() : null,
          vodOrLivePosterImageFilePath: l.poster_path,
          path: l.path,
        },
        finalPriceEffective: centsToDollars(totals.effectiveCents.get(l.event_id) ?? 0),
        finalPrice: price,
        unitPrice: price,
        subscription_id: l.subscription_id,
      };
    }),
    totals: {
      itemsSubtotal: centsToDollars(totals.subtotalCents),
      itemDiscount: centsToDollars(totals.itemDiscountCents),
      couponDiscount: centsToDollars(totals.couponDiscountCents),
      grandTotal: centsToDollars(totals.grandTotalCents),
    },
  };
}

/** The discount `coupon` would give on these lines, in cents (to keep the better of two at merge). */
export const discountOf = (coupon: CouponRow, lines: CartLineRow[]) =>
  priceCart(priced(lines), couponTerms(coupon)).couponDiscountCents;
