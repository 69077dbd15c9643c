import crypto from 'node:crypto';
import type { Cart, CartTarget } from '../../../shared/contract/cart';
import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/domainErrors';
import { assertOwnUserId, CALLER_MESSAGES, type Caller, type UserCaller } from '../../platform/callerIdentity';
import { normalizeCode } from './couponRules';
import { isOnSale, isSoldOut, sellsTickets } from './saleRules';
import { replayOver } from '../../../shared/replayWindow';
import { cartView, discountOf, EMPTY_CART, usableCoupon } from './cartView';
import type { CartRepositories } from './repositories';
import type { CartLineRow, CartRow } from './cartRepository';

/**
 * What the cart reads and writes: its own repositories, and of the orders module's only the events a
 * user already owns (those cannot be added). Named here, not imported: orders builds on the cart.
 */
type Repositories = CartRepositories & {
  orders: { ownedEventIds(userId: number, eventIds: number[]): Promise<number[]> };
};

type Deps = {
  uow: UnitOfWork<Repositories>;
  limits: Pick<AppConfig['limits'], 'cartMaxLines'>;
  /** The live window (STREAM_LIVE_MINUTES): a show without a real one ends this long after air start. */
  liveMinutes: number;
  /** A cart that became an order, read by its id (its owner only), or null when none did: the orders module's. */
  orderedCart: (caller: Caller, cartId: number) => Promise<Cart | null>;
  now?: () => number;
};

/** A guest cart's key: 256 random bits (the contract asks for at least 128). */
const newCartToken = () => crypto.randomBytes(32).toString('base64url');

/** A guest's cart moved into the user's on sign-in: one transaction holding both carts' locks. */
function cartMergeOf(deps: Deps) {
  const { uow } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  /** Of the candidate codes, the usable one worth most on the cart's lines (the user's own wins a tie). */
  async function betterCoupon(
    repos: Repositories,
    user: UserCaller,
    cartId: number,
    codes: (string | null)[],
  ): Promise<string | null> {
    const lines = await repos.carts.lines(cartId);
    let best: { code: string; cents: number } | null = null;
    for (const code of codes) {
      const coupon = await usableCoupon(repos, code, lines, user, now());
      if (coupon && (!best || discountOf(coupon, lines) > best.cents))
        best = { code: coupon.code, cents: discountOf(coupon, lines) };
    }
    return best?.code ?? null;
  }

  return {
    /**
     * Moves a guest's cart into the signed-in user's: lines the user already has or owns are
     * skipped, as are events no longer on sale and lines past the limit; of the two coupons the one
     * worth more on the merged cart stays. The guest cart is gone afterwards. Holding its token is
     * what proves it is this visitor's (≥ 128 random bits, given only to the guest that made it).
     */
    merge(user: UserCaller, userId: number, guestCartToken: string): Promise<Cart> {
      assertOwnUserId(user, userId);
      return uow.transaction(async (repos) => {
        const mine = (await repos.carts.find(
          { id: (await repos.carts.ensureUserCart(user.userId)).id },
          { forUpdate: true },
        ))!;
        const theirs = await repos.carts.find({ token: guestCartToken }, { forUpdate: true });
        let merged = mine;
        if (theirs) {
          const have = new Set((await repos.carts.lines(mine.id)).map((l) => l.event_id));
          const incoming = (await repos.carts.lines(theirs.id)).map((l) => l.event_id).filter((id) => !have.has(id));
          const owned = new Set(await repos.orders.ownedEventIds(user.userId, incoming));
          // One read and one insert whatever the guest cart holds: both carts stay locked meanwhile.
          const events = new Map((await repos.carts.eventsForCart(incoming)).map((e) => [e.event_id, e]));
          const moving: number[] = [];
          for (const eventId of incoming) {
            const event = events.get(eventId);
            const onSale = event !== undefined && isOnSale(event);
            if (owned.has(eventId) || !onSale || have.size + moving.length >= deps.limits.cartMaxLines) continue;
            moving.push(eventId);
          }
          await repos.carts.addLines(mine.id, moving);
          await repos.carts.setCoupon(
            mine.id,
            await betterCoupon(repos, user, mine.id, [mine.coupon_code, theirs.coupon_code]),
          );
          await repos.carts.remove(theirs.id);
          merged = await repos.carts.bumpVersion(mine.id);
        }
        return cartView(repos, merged, user, now());
      });
    },
  };
}

/**
 * Carts and coupons. Every change runs in one transaction that first locks the cart's row, so
 * changes to one cart happen one at a time and the rules (one line per event, the line limit, the
 * coupon's conditions) are checked against what is really there. Every answer is the whole cart,
 * priced by the server.
 */
export function createCartService(deps: Deps) {
  const { uow } = deps;
  const now = () => new Date((deps.now ?? Date.now)());

  /**
   * The ownership check of every cart call: a `user_id` must be the caller's, a `cart_token` must
   * belong to the guest calling. Neither: the caller's own cart. Nothing is changed before it passes.
   */
  async function findCart(
    repos: Repositories,
    caller: Caller,
    target: CartTarget,
    forUpdate = false,
  ): Promise<CartRow | undefined> {
    if (target.user_id !== undefined && target.cart_token !== undefined)
      throw new Invalid('Send user_id or cart_token, not both');
    assertOwnUserId(caller, target.user_id);
    if (target.cart_token !== undefined) {
      const cart = await repos.carts.find({ token: target.cart_token }, { forUpdate });
      // An unknown token (a merged or deleted cart) is not the caller's either: one answer, and the
      // client knows to drop the token and use its own cart.
      if (!cart || caller.kind !== 'guest' || cart.guest_id !== caller.guestId)
        throw new Forbidden(CALLER_MESSAGES.notYours);
      return cart;
    }
    return repos.carts.find(caller.kind === 'user' ? { userId: caller.userId } : { guestId: caller.guestId }, {
      forUpdate,
    });
  }

  /** The target cart, created for the caller when it has none yet, locked for this transaction. */
  async function lockedCart(repos: Repositories, caller: Caller, target: CartTarget): Promise<CartRow> {
    const found = await findCart(repos, caller, target, true);
    if (found) return found;
    const created =
      caller.kind === 'user'
        ? await repos.carts.ensureUserCart(caller.userId)
        : await repos.carts.ensureGuestCart(caller.guestId, newCartToken());
    return (await repos.carts.find({ id: created.id }, { forUpdate: true }))!;
  }

  /** Drops a coupon the cart can no longer use (its event left, it expired): the stored cart stays honest. */
  async function dropUnusableCoupon(repos: Repositories, cart: CartRow, caller: Caller): Promise<void> {
    if (!cart.coupon_code) return;
    const lines = await repos.carts.lines(cart.id);
    if (!(await usableCoupon(repos, cart.coupon_code, lines, caller, now())))
      await repos.carts.setCoupon(cart.id, null);
  }

  /**
   * Runs one change to the caller's cart: locked, checked, version moved on when something changed.
   * `apply` says whether it changed anything, and may hand over the lines it left (saves a query).
   */
  type Outcome = boolean | { lines: CartLineRow[] };
  function change(
    caller: Caller,
    target: CartTarget,
    apply: (repos: Repositories, cart: CartRow) => Promise<Outcome>,
  ): Promise<Cart> {
    return uow.transaction(async (repos) => {
      const cart = await lockedCart(repos, caller, target);
      const outcome = await apply(repos, cart);
      const changed = outcome !== false;
      const lines = typeof outcome === 'object' ? outcome.lines : undefined;
      return cartView(repos, changed ? await repos.carts.bumpVersion(cart.id) : cart, caller, now(), lines);
    });
  }

  return {
    async get(caller: Caller, target: CartTarget): Promise<Cart> {
      const cart = await findCart(uow.repos, caller, target);
      return cart ? cartView(uow.repos, cart, caller, now()) : EMPTY_CART;
    },

    /** docs/behaviour.md §7 GET /cart/{id}: a live cart, or one that became an order (the order page); owner only. */
    async getById(caller: Caller, id: number): Promise<Cart> {
      const cart = await uow.repos.carts.find({ id });
      if (!cart) {
        const ordered = await deps.orderedCart(caller, id);
        if (!ordered) throw new NotFound(`No cart ${id}`);
        return ordered;
      }
      const mine = caller.kind === 'user' ? cart.user_id === caller.userId : cart.guest_id === caller.guestId;
      if (!mine) throw new Forbidden(CALLER_MESSAGES.notYours);
      return cartView(uow.repos, cart, caller, now());
    },

    add(caller: Caller, target: CartTarget, eventId: number): Promise<Cart> {
      return change(caller, target, async (repos, cart) => {
        const event = await repos.carts.eventForCart(eventId);
        if (!event) throw new NotFound(`No event ${eventId}`);
        if (!sellsTickets(event)) throw new Conflict(CART_MESSAGES.free);
        // A ticket is not sold for a replay that would not play (the player's own rule).
        const [facts] = await repos.carts.replayFacts([eventId]);
        if (facts && replayOver(facts, facts.show, deps.liveMinutes, now().getTime()))
          throw new Conflict(CART_MESSAGES.replayEnded);
        if (caller.kind === 'user' && (await repos.orders.ownedEventIds(caller.userId, [eventId])).length)
          throw new Conflict(CART_MESSAGES.owned);
        const soldOut = isSoldOut(event);
        // Sold out, unless the waiting list holds a seat for this fan.
        if (soldOut && !(caller.kind === 'user' && (await repos.carts.seatHeldFor(caller.userId, eventId))))
          throw new Conflict(CART_MESSAGES.soldOut);
        const lines = await repos.carts.lines(cart.id);
        if (lines.some((l) => l.event_id === eventId)) return false; // one line per event
        if (lines.length >= deps.limits.cartMaxLines) throw new Conflict(CART_MESSAGES.full);
        await repos.carts.addLine(cart.id, eventId);
        return { lines: [...lines, event] }; // the new line is the newest
      });
    },

    remove(caller: Caller, target: CartTarget, eventId: number): Promise<Cart> {
      return change(caller, target, async (repos, cart) => {
        if (!(await repos.carts.removeLine(cart.id, eventId))) return false;
        // The only change that can leave a coupon without its event (adding never can).
        await dropUnusableCoupon(repos, cart, caller);
        return true;
      });
    },

    applyVoucher(caller: Caller, target: CartTarget, rawCode: string): Promise<Cart> {
      return change(caller, target, async (repos, cart) => {
        const code = normalizeCode(rawCode);
        const lines = await repos.carts.lines(cart.id);
        if (!(await usableCoupon(repos, code, lines, caller, now()))) throw new Invalid(CART_MESSAGES.invalidCoupon);
        if (cart.coupon_code === code) return false;
        await repos.carts.setCoupon(cart.id, code);
        return true;
      });
    },

    removeVoucher(caller: Caller, target: CartTarget): Promise<Cart> {
      return change(caller, target, async (repos, cart) => {
        if (!cart.coupon_code) return false;
        await repos.carts.setCoupon(cart.id, null);
        return true;
      });
    },

    ...cartMergeOf(deps),
  };
}
export type CartService = ReturnType<typeof createCartService>;
