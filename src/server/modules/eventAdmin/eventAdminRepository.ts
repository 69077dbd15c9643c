import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { StudioEventListQuery } from '../../../shared/contract/studioEvents';
import type { Executor } from '../../db/executor';
import type { DB, EventsTable } from '../../db/schema';
import { bumpCatalogVersion } from '../catalog/importRepository';

export type AdminEventRow = Selectable<EventsTable>;
export type EventPlacement = { categoryId: number; order: number };
type EventSlide = { id: number; description: string; file_path: string } | null;
export type NewSlide = { label: string; description: string; file_path: string };

const SORTS: Record<string, { column: 'air_start_date' | 'title' | 'created_at' | 'sold'; desc: boolean }> = {
  airDate: { column: 'air_start_date', desc: false },
  '-airDate': { column: 'air_start_date', desc: true },
  title: { column: 'title', desc: false },
  '-title': { column: 'title', desc: true },
  created: { column: 'created_at', desc: false },
  '-created': { column: 'created_at', desc: true },
  sold: { column: 'sold', desc: false },
  '-sold': { column: 'sold', desc: true },
};

/** A search's words are matched literally: % and _ typed by the organizer are not wildcards. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The events table itself: the console's list, one event (locked for a change), its path, its writes. */
function eventRowsOf(db: Executor) {
  return {
    async list(query: StudioEventListQuery): Promise<{ rows: AdminEventRow[]; total: number }> {
      let q = db.selectFrom('events');
      if (query.status !== 'all') q = q.where('published', '=', query.status === 'published');
      if (query.search) {
        const pattern = likePattern(query.search);
        q = q.where((eb) =>
          eb.or(
            (['title', 'path', 'label', 'venue_description', 'event_label'] as const).map((c) =>
              eb(c, 'ilike', pattern),
            ),
          ),
        );
      }
      const sort = SORTS[query.sort] ?? SORTS['-created']!;
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy(sort.column, (ob) => (sort.desc ? ob.desc().nullsLast() : ob.asc().nullsLast()))
          .orderBy('id', sort.desc ? 'desc' : 'asc')
          .offset(query.offset)
          .limit(query.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    byId(id: number): Promise<AdminEventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The event, its row locked until the transaction ends (an edit, a publish, a delete). */
    lockById(id: number): Promise<AdminEventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * Serializes the making of paths from one base until the transaction ends, on every instance:
     * two events created at once with the same title then get 'title' and 'title-2'.
     */
    async lockPathBase(base: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`event-path:${base}`}))`.execute(db);
    },

    /** The paths already taken among `base` and `base-N`, to pick a free one. */
    async pathsLike(base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('events')
        .select('path')
        .where((eb) => eb.or([eb('path', '=', base), eb('path', 'like', `${base}-%`)]))
        .execute();
      return new Set(rows.map((r) => r.path));
    },

    insert(row: Insertable<DB['events']>): Promise<AdminEventRow> {
      return db.insertInto('events').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** Writes the change and moves the version on. */
    update(id: number, changes: Updateable<DB['events']>): Promise<AdminEventRow> {
      return db
        .updateTable('events')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('carousel_items').where('event_id', '=', id).execute();
      await db.deleteFrom('events').where('id', '=', id).execute();
    },
  };
}

/** What keeps an event from being deleted: its orders, an open checkout, a show that began. */
function deleteGuardsOf(db: Executor) {
  return {
    /** Whether any order (paid, refunded, whatever its state) names the event. */
    async hasOrders(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('order_items')
        .select('event_id')
        .where('event_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether a checkout naming the event is open (being paid, or paid and its order not written yet)
     * or waiting for its refund: deleting the event would leave it without the event it charged for.
     */
    async inOpenCheckout(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('checkouts')
        .select('id')
        .where('status', 'in', ['open', 'refund_pending'])
        .where(
          sql<boolean>`exists (select 1 from jsonb_array_elements(checkouts.lines::jsonb) as l
          where (l->>'eventId')::int = ${id})`,
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the event's show began (started, a feed published) or ended: its past air date is its show's. */
    async showBegan(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('events')
        .select('id')
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('live_shows')
                .select('event_id')
                .where('event_id', '=', id)
                .where((s) => s.or([s('started_at', 'is not', null), s('ended_at', 'is not', null)])),
            ),
            eb.exists(
              eb.selectFrom('live_feeds').select('event_id').where('event_id', '=', id).where('publishes', '>', 0),
            ),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/**
 * Where the event sits: its categories, its carousel slide, its subscription, the options to pick
 * from, and the catalog cache told of a change.
 */
function placementOf(db: Executor) {
  return {
    async placements(eventId: number): Promise<EventPlacement[]> {
      const rows = await db
        .selectFrom('category_events')
        .select(['category_id', 'sort_order'])
        .where('event_id', '=', eventId)
        .orderBy('category_id')
        .execute();
      return rows.map((r) => ({ categoryId: r.category_id, order: r.sort_order }));
    },

    async setPlacements(eventId: number, placements: EventPlacement[]): Promise<void> {
      await db.deleteFrom('category_events').where('event_id', '=', eventId).execute();
      if (placements.length)
        await db
          .insertInto('category_events')
          .values(placements.map((p) => ({ category_id: p.categoryId, event_id: eventId, sort_order: p.order })))
          .execute();
    },

    /** The event's carousel slide: the first of its slides, when it has any. */
    async slide(eventId: number): Promise<EventSlide> {
      const row = await db
        .selectFrom('carousel_items')
        .select(['id', 'description', 'file_path'])
        .where('event_id', '=', eventId)
        .orderBy('sort_order')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Gives the event this slide (updated in place, keeping its position and label), or none. */
    async setSlide(eventId: number, slide: NewSlide | null): Promise<void> {
      const current = await this.slide(eventId);
      if (!slide) {
        await db.deleteFrom('carousel_items').where('event_id', '=', eventId).execute();
        return;
      }
      if (current) {
        await db
          .updateTable('carousel_items')
          .set({ description: slide.description, file_path: slide.file_path, type: 'image' })
          .where('id', '=', current.id)
          .execute();
        return;
      }
      const last = await db
        .selectFrom('carousel_items')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .executeTakeFirst();
      await db
        .insertInto('carousel_items')
        .values({
          label: slide.label,
          description: slide.description,
          file_path: slide.file_path,
          video_url: '',
          type: 'image',
          is_button_required: true,
          is_visible: true,
          event_id: eventId,
          sort_order: (last?.max ?? -1) + 1,
        })
        .execute();
    },

    /** Of these category ids, the ones that exist. */
    async existingCategories(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async subscriptionExists(id: number): Promise<boolean> {
      return (await db.selectFrom('subscriptions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    categoryOptions() {
      return db
        .selectFrom('categories')
        .select(['id', 'path', 'label'])
        .orderBy('group_id')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    subscriptionOptions() {
      return db.selectFrom('subscriptions').select(['id', 'title']).orderBy('id').execute();
    },

    /** Every instance's catalog read cache lets go of its answers (within the catalog bound). */
    bumpCatalogVersion: () => bumpCatalogVersion(db),
  };
}

/** SQL of the console's events: the events table, where they sit in categories, their carousel slide. */
export function createEventAdminRepository(db: Executor) {
  return {
    ...eventRowsOf(db),
    ...deleteGuardsOf(db),
    ...placementOf(db),
  };
}
export type EventAdminRepository = ReturnType<typeof createEventAdminRepository>;
