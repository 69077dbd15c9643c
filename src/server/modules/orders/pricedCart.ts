import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import type { CheckoutLine } from '../../db/schema';
import type { CartToOrderRepositories } from './repositories';
import { Conflict } from '../../platform/domainErrors';
import type { UserCaller } from '../../platform/callerIdentity';
import { usableCoupon } from '../cart/cartView';
import { couponTerms } from '../cart/couponRules';
import { priceCart } from '../cart/pricing';
import { replayOver } from '../../../shared/replayWindow';

/** The caller's cart, priced now, with what stands in the way of buying it. */
export async function pricedCart(repos: CartToOrderRepositories, user: UserCaller, now: Date, liveMinutes: number) {
  const cart = await repos.carts.find({ userId: user.userId });
  const lines = cart ? await repos.carts.lines(cart.id) : [];
  if (!cart || lines.length === 0) throw new Conflict(ORDER_MESSAGES.emptyCart);
  const coupon = await usableCoupon(repos, cart.coupon_code, lines, user, now);
  const totals = priceCart(
    lines.map((l) => ({ eventId: l.event_id, priceCents: l.rate_cents ?? 0 })),
    coupon ? couponTerms(coupon) : null,
  );
  const eventIds = lines.map((l) => l.event_id);
  if ((await repos.orders.ownedEventIds(user.userId, eventIds)).length > 0) throw new Conflict(CART_MESSAGES.owned);
  // A line added while its replay was open is not paid for once it has ended (the player's rule).
  const replays = await repos.carts.replayFacts(eventIds);
  if (replays.some((f) => replayOver(f, f.show, liveMinutes, now.getTime())))
    throw new Conflict(CART_MESSAGES.replayEnded);
  // A sold-out event whose seat is held for this fan (the waiting list) is theirs to buy.
  const soldOut = await repos.orders.soldOutIds(eventIds);
  const held = soldOut.length > 0 ? await repos.waitlist.heldEventIds(user.userId, soldOut) : [];
  if (soldOut.length > held.length) throw new Conflict(CART_MESSAGES.soldOut);
  const checkoutLines: CheckoutLine[] = lines.map((l) => ({
    eventId: l.event_id,
    priceCents: l.rate_cents ?? 0,
    paidCents: totals.effectiveCents.get(l.event_id) ?? 0,
  }));
  return { cart, lines: checkoutLines, coupon, totalCents: totals.grandTotalCents };
}
