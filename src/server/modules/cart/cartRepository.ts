import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CartsTable } from '../../db/schema';
import type { ReplayFacts, StoredShow } from '../../../shared/replayWindow';

export type CartRow = Selectable<CartsTable>;
/** What a cart line shows and what its rules need from the event. */
export type CartLineRow = {
  event_id: number;
  path: string;
  title: string;
  venue_description: string;
  air_start_date: Date | null;
  poster_path: string;
  rate_cents: number | null;
  subscription_id: number | null;
};
/** An event as a cart line shows it, with what the cart's rules need (premium, capacity). */
type EventForCart = CartLineRow & { is_premium: boolean; capacity: number | null; sold: number };
/** How a cart is found: by id, by its user, by its guest, or by a guest cart's token. */
type CartKey = { id: number } | { userId: number } | { guestId: string } | { token: string };

/** The cart itself, found or made, and its lines. */
function cartsAndLinesOf(db: Executor) {
  const carts = () => db.selectFrom('carts').selectAll();
  return {
    /**
     * The cart with this key. `forUpdate` also locks its row until the transaction ends, so changes
     * to one cart happen one at a time (only inside a transaction).
     */
    async find(key: CartKey, options: { forUpdate?: boolean } = {}): Promise<CartRow | undefined> {
      if (options.forUpdate && !db.isTransaction)
        throw new Error('a locked read needs a transaction (use the unit of work)');
      const q =
        'id' in key
          ? carts().where('id', '=', key.id)
          : 'userId' in key
            ? carts().where('user_id', '=', key.userId)
            : 'guestId' in key
              ? carts().where('guest_id', '=', key.guestId)
              : carts().where('token', '=', key.token);
      return (options.forUpdate ? q.forUpdate() : q).executeTakeFirst();
    },

    /** The user's cart, created when missing (two first adds at once end up with the same one). */
    async ensureUserCart(userId: number): Promise<CartRow> {
      await db
        .insertInto('carts')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return carts().where('user_id', '=', userId).executeTakeFirstOrThrow();
    },
    /** The guest's cart, created with `token` when missing (one cart per guest). */
    async ensureGuestCart(guestId: string, token: string): Promise<CartRow> {
      await db
        .insertInto('carts')
        .values({ guest_id: guestId, token })
        .onConflict((oc) => oc.column('guest_id').doNothing())
        .execute();
      return carts().where('guest_id', '=', guestId).executeTakeFirstOrThrow();
    },

    lines(cartId: number): Promise<CartLineRow[]> {
      // An event unpublished after it was added leaves the cart: it is not for sale.
      return db
        .selectFrom('cart_items')
        .innerJoin('events', 'events.id', 'cart_items.event_id')
        .select([
          'cart_items.event_id',
          'events.path',
          'events.title',
          'events.venue_description',
          'events.air_start_date',
          'events.poster_path',
          'events.rate_cents',
          'events.subscription_id',
        ])
        .where('cart_items.cart_id', '=', cartId)
        .where('events.published', '=', true)
        .orderBy('cart_items.added_at')
        .orderBy('cart_items.event_id')
        .execute();
    },
    /** Adds the event to the cart; false when it was already there. */
    async addLine(cartId: number, eventId: number): Promise<boolean> {
      const result = await db
        .insertInto('cart_items')
        .values({ cart_id: cartId, event_id: eventId })
        .onConflict((oc) => oc.columns(['cart_id', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    /** Adds the events to the cart in one statement (a merge); those already there are left as they are. */
    async addLines(cartId: number, eventIds: number[]): Promise<void> {
      if (eventIds.length === 0) return;
      await db
        .insertInto('cart_items')
        .values(eventIds.map((eventId) => ({ cart_id: cartId, event_id: eventId })))
        .onConflict((oc) => oc.columns(['cart_id', 'event_id']).doNothing())
        .execute();
    },
    /** Removes the event from the cart; false when it was not there. */
    async removeLine(cartId: number, eventId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('cart_items')
        .where('cart_id', '=', cartId)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async setCoupon(cartId: number, code: string | null): Promise<void> {
      await db.updateTable('carts').set({ coupon_code: code }).where('id', '=', cartId).execute();
    },
    /** Every change to a cart moves its version on (payment intents are tied to one version); answers the cart. */
    bumpVersion(cartId: number): Promise<CartRow> {
      return db
        .updateTable('carts')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', cartId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async remove(cartId: number): Promise<void> {
      await db.deleteFrom('carts').where('id', '=', cartId).execute();
    },
  };
}

/** What the cart's rules read of its events: for sale or not, held seats, the replay window. */
function eventsForCartOf(db: Executor) {
  const eventsForCart = () =>
    db
      .selectFrom('events')
      .select([
        'id as event_id',
        'path',
        'title',
        'venue_description',
        'air_start_date',
        'poster_path',
        'rate_cents',
        'subscription_id',
        'is_premium',
        'capacity',
        'sold',
      ])
      .where('published', '=', true);
  return {
    /** Whether the waiting list holds a seat of this event for the user (then a sold-out event is theirs to add). */
    async seatHeldFor(userId: number, eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('waitlist_entries')
        .select('id')
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('state', '=', 'held')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What each event's replay window is worked out from: its columns and its stored real show. */
    replayFacts(eventIds: number[]): Promise<(ReplayFacts & { show: StoredShow })[]> {
      if (eventIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('events')
        .leftJoin('live_shows', 'live_shows.event_id', 'events.id')
        .select([
          'events.content_type',
          'events.air_start_date',
          'events.replay_days',
          'live_shows.started_at',
          'live_shows.ended_at',
        ])
        .where('events.id', 'in', eventIds)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            content_type: r.content_type,
            air_start_date: r.air_start_date,
            replay_days: r.replay_days,
            show:
              r.started_at === null && r.ended_at === null ? null : { started_at: r.started_at, ended_at: r.ended_at },
          })),
        );
    },

    eventForCart(eventId: number): Promise<EventForCart | undefined> {
      // A draft is not for sale: adding one is refused as an unknown event.
      return eventsForCart().where('id', '=', eventId).executeTakeFirst();
    },
    /** The published ones of these events, in one query (a draft is left out, as eventForCart does). */
    eventsForCart(eventIds: number[]): Promise<EventForCart[]> {
      if (eventIds.length === 0) return Promise.resolve([]);
      return eventsForCart().where('id', 'in', eventIds).execute();
    },
  };
}

/** SQL of carts and their lines, over the handle it was built with (database or transaction). */
export function createCartRepository(db: Executor) {
  return {
    ...cartsAndLinesOf(db),
    ...eventsForCartOf(db),
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
