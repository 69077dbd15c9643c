import {
  STUDIO_EVENT_MESSAGES as M,
  type StudioCategoryOption,
  type StudioEvent,
  type StudioEventList,
  type StudioEventListQuery,
  type StudioEventRow,
  type StudioSubscriptionOption,
  studioEventFields,
} from '../../../shared/contract/studioEvents';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import { Conflict, Invalid, NotFound } from '../../platform/domainErrors';
import type { OrganizerRepositories } from '../organizers/repositories';
import { toCents } from '../catalog/catalogFile';
import { sellsTickets } from '../cart/saleRules';
import {
  isKnownTimeZone,
  pathFromTitle,
  premiumPriceProblem,
  sanitizeDescription,
  utcToWallTime,
  wallTimeToUtc,
} from '../catalog/eventRules';
import type { CalendarRepositories } from '../calendar/repositories';
import type { EventAdminRepositories } from './repositories';
import { offerSeats } from '../waitlist/offerSeats';
import type { WaitlistRepositories } from '../waitlist/repositories';
import type { AdminEventRow, EventPlacement, NewSlide } from './eventAdminRepository';
import { afterPurchaseColumns, afterPurchaseOf, type AfterPurchaseColumns } from './afterPurchaseColumns';

type Fields = z.output<typeof studioEventFields>;
type Repos = EventAdminRepositories &
  Pick<OrganizerRepositories, 'audit'> &
  CalendarRepositories &
  WaitlistRepositories;

/** The event's columns a form sets (not its path, status, sales or version). */
type FormColumns = {
  title: string;
  label: string;
  description: string;
  venue_description: string;
  event_label: string;
  air_start_date: Date | null;
  venue_time_zone: string;
  content_type: string;
  is_premium: boolean;
  rate_cents: number | null;
  capacity: number | null;
  subscription_id: number | null;
  poster_path: string;
} & Partial<AfterPurchaseColumns>;
type Prepared = { columns: FormColumns; placements: EventPlacement[]; slide: Omit<NewSlide, 'label'> | null };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
/** How many times a new event picks a path again after a concurrent one took it. */
const PATH_ATTEMPTS = 5;
const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';
const isForeignKeyViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23503';

function toRow(e: AdminEventRow): StudioEventRow {
  return {
    id: e.id,
    path: e.path,
    title: e.title,
    status: e.published ? 'published' : 'draft',
    contentType: e.content_type === 'Live' ? 'Live' : 'VOD',
    isPremium: e.is_premium,
    price: dollars(e.rate_cents),
    capacity: e.capacity,
    sold: e.sold,
    airStartDate: iso(e.air_start_date),
    venueTimeZone: e.venue_time_zone,
    posterPath: e.poster_path,
    updatedAt: new Date(e.updated_at).toISOString(),
  };
}

/**
 * The console's events (docs/decisions.md "Organizers"): the organizer's list, form, publishing and
 * uploads. Every change runs in one transaction with its audit entry and a catalog version bump (every
 * instance's read cache lets go within the catalog bound; this one at once, by `onCatalogChanged`).
 * Bad input is refused with a sentence before anything is written.
 */
export function createEventAdminService(deps: {
  uow: UnitOfWork<Repos>;
  /** This process changed the catalog: its read cache lets go now (others within the catalog bound). */
  onCatalogChanged: () => void;
  /** The air date moved (committed): the ticket holders are told, with the updated calendar file. Never throws. */
  onAirDateMoved?: (eventId: number) => Promise<void>;
  now?: () => number;
}) {
  const { uow } = deps;
  const now = deps.now ?? Date.now;

  async function load(repos: Repos, row: AdminEventRow): Promise<StudioEvent> {
    const [placements, slide] = await Promise.all([
      repos.eventAdmin.placements(row.id),
      repos.eventAdmin.slide(row.id),
    ]);
    return {
      ...toRow(row),
      sold: row.sold,
      version: row.version,
      createdAt: new Date(row.created_at).toISOString(),
      label: row.label,
      description: row.description,
      venue: row.venue_description,
      location: row.event_label,
      airDate: row.air_start_date ? utcToWallTime(new Date(row.air_start_date), row.venue_time_zone) : null,
      subscriptionId: row.subscription_id,
      categories: placements,
      slide: slide
        ? { enabled: true, description: slide.description, imagePath: slide.file_path }
        : { enabled: false, description: '', imagePath: '' },
      afterPurchase: afterPurchaseOf(row),
    };
  }

  /** The form's checks that need nothing but the form. */
  function prepare(f: Fields): Prepared {
    if (!isKnownTimeZone(f.venueTimeZone)) throw new Invalid(M.unknownZone);
    let airStart: Date | null = null;
    if (f.airDate) {
      const wall = wallTimeToUtc(f.airDate, f.venueTimeZone);
      if ('problem' in wall) throw new Invalid(wall.problem);
      airStart = wall.at;
    }
    const description = sanitizeDescription(f.description);
    const slideDescription = sanitizeDescription(f.slide.description);
    if (!description.ok || !slideDescription.ok) throw new Invalid(M.unsafeHtml);
    const rateCents = toCents(f.price);
    const premium = premiumPriceProblem(f.isPremium, rateCents);
    if (premium) throw new Invalid(premium);
    if (f.slide.enabled && !f.slide.imagePath) throw new Invalid(M.slideNeedsImage);
    const categoryIds = f.categories.map((c) => c.categoryId);
    if (new Set(categoryIds).size !== categoryIds.length)
      throw new Invalid('A category is listed twice: keep it once, with one order.');
    return {
      columns: {
        title: f.title,
        label: f.label,
        description: description.html,
        venue_description: f.venue,
        event_label: f.location,
        air_start_date: airStart,
        venue_time_zone: f.venueTimeZone,
        content_type: f.contentType,
        is_premium: f.isPremium,
        rate_cents: rateCents,
        capacity: f.capacity,
        subscription_id: f.subscriptionId,
        poster_path: f.posterPath,
        // Left out, the settings stay as they are (a new event: the defaults).
        ...(f.afterPurchase ? afterPurchaseColumns(f.afterPurchase) : {}),
      },
      placements: f.categories,
      slide: f.slide.enabled ? { description: slideDescription.html, file_path: f.slide.imagePath } : null,
    };
  }

  /**
   * The form shows whole minutes, but a stored air start may have seconds ('Start show' writes the
   * moment, an import any instant). A form whose wall time is the stored instant cut to the minute
   * leaves the air date as it was: the stored instant is kept, seconds and all, and is not a change
   * (so a started show, whose air date is past, can still be edited).
   */
  function keepStoredAirStart(p: Prepared, existing: AdminEventRow): void {
    const stored = existing.air_start_date ? new Date(existing.air_start_date).getTime() : null;
    const sent = p.columns.air_start_date?.getTime() ?? null;
    if (stored !== null && sent !== null && Math.floor(stored / 60_000) * 60_000 === sent)
      p.columns.air_start_date = new Date(stored);
  }

  /** The form's checks against what is stored: the options it names, and what is already sold. */
  async function checkAgainstStore(repos: Repos, p: Prepared, existing: AdminEventRow | null): Promise<void> {
    const c = p.columns;
    if (c.subscription_id !== null && !(await repos.eventAdmin.subscriptionExists(c.subscription_id)))
      throw new Invalid(M.unknownSubscription);
    const ids = p.placements.map((x) => x.categoryId);
    const known = await repos.eventAdmin.existingCategories(ids);
    if (ids.some((id) => !known.has(id))) throw new Invalid(M.unknownCategory);
    const dateChanged =
      existing === null || iso(existing.air_start_date) !== iso(c.air_start_date) || existing.content_type !== 'Live';
    if (c.content_type === 'Live' && c.air_start_date && dateChanged && c.air_start_date.getTime() <= now())
      throw new Invalid(M.pastLiveDate);
    if (existing && existing.sold > 0) {
      if (c.capacity !== null && c.capacity < existing.sold)
        throw new Conflict(`${M.capacityBelowSold} ${existing.sold} sold so far.`);
      if (!sellsTickets(c)) throw new Conflict(M.freeAfterSale);
    }
  }

  /** A free address from the title: 'title', else 'title-2', 'title-3', … */
  async function freePath(repos: Repos, title: string): Promise<string> {
    const base = pathFromTitle(title);
    await repos.eventAdmin.lockPathBase(base);
    const taken = await repos.eventAdmin.pathsLike(base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /**
   * Runs a change with its audit entry and the catalog bump; the cache of this process lets go after
   * commit. The bump comes last, as the import's does: both lock event rows first, then the version's
   * row, so the two never wait on each other in opposite orders.
   */
  async function change<T>(work: (repos: Repos) => Promise<T>): Promise<T> {
    const result = await uow.transaction(async (repos) => {
      const r = await work(repos);
      await repos.eventAdmin.bumpCatalogVersion();
      return r;
    });
    deps.onCatalogChanged();
    return result;
  }

  /**
   * A change that makes a new event. Console creates of one title wait for each other (freePath), but
   * an import may take the path meanwhile: the database's unique path refuses the insert, and the
   * change runs again, seeing that path taken now.
   */
  async function changeWithNewPath<T>(work: (repos: Repos) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await change(work);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt >= PATH_ATTEMPTS)
          throw new Conflict('Another event took this address at the same moment. Save again.', { cause: error });
      }
    }
  }

  async function lockedOr404(repos: Repos, id: number): Promise<AdminEventRow> {
    const row = await repos.eventAdmin.lockById(id);
    if (!row) throw new NotFound(M.notFound);
    return row;
  }

  const actorOf = (caller: OrganizerCaller) => ({ userId: caller.userId, email: caller.email });

  async function insertEvent(
    repos: Repos,
    caller: OrganizerCaller,
    p: Prepared,
    action: 'event.create' | 'event.duplicate',
    extra: object = {},
  ): Promise<StudioEvent> {
    const path = await freePath(repos, p.columns.title);
    const row = await repos.eventAdmin.insert({ ...p.columns, path, published: false, asset_type: 'event' });
    await repos.eventAdmin.setPlacements(row.id, p.placements);
    await repos.eventAdmin.setSlide(row.id, p.slide && { ...p.slide, label: p.columns.title });
    const after = await load(repos, row);
    await repos.audit.record({
      actor: actorOf(caller),
      action,
      subjectType: 'event',
      subjectId: row.id,
      before: null,
      after: { ...after, ...extra },
    });
    return after;
  }

  return {
    async list(query: StudioEventListQuery): Promise<StudioEventList> {
      const { rows, total } = await uow.repos.eventAdmin.list(query);
      return { rows: rows.map(toRow), total };
    },

    async get(id: number): Promise<StudioEvent> {
      const row = await uow.repos.eventAdmin.byId(id);
      if (!row) throw new NotFound(M.notFound);
      return load(uow.repos, row);
    },

    /** A new event, as a draft: shoppers see it once it is published. */
    async create(caller: OrganizerCaller, fields: Fields): Promise<StudioEvent> {
      const p = prepare(fields);
      return changeWithNewPath(async (repos) => {
        await checkAgainstStore(repos, p, null);
        return insertEvent(repos, caller, p, 'event.create');
      });
    },

    /** Saves the form over the event, unless someone saved since the form was loaded (`version`). */
    async update(caller: OrganizerCaller, id: number, fields: Fields & { version: number }): Promise<StudioEvent> {
      const p = prepare(fields);
      let dateMoved = false;
      const saved = await change(async (repos) => {
        const existing = await lockedOr404(repos, id);
        if (existing.version !== fields.version) throw new Conflict(M.versionConflict);
        keepStoredAirStart(p, existing);
        await checkAgainstStore(repos, p, existing);
        const before = await load(repos, existing);
        // A new air date is a calendar update: its SEQUENCE moves on in this transaction (same UID, higher SEQUENCE).
        dateMoved = iso(existing.air_start_date) !== iso(p.columns.air_start_date);
        if (dateMoved) await repos.calendar.bumpSequence(id);
        const row = await repos.eventAdmin.update(id, p.columns);
        // Seats added to a capacity go to the waiting line first: held for it, mailed by the hold sweeper.
        if (existing.capacity !== null && row.capacity !== null && row.capacity > existing.capacity)
          await offerSeats(repos, [id], new Date(now()));
        await repos.eventAdmin.setPlacements(id, p.placements);
        // An existing slide keeps its label and place; a new one is labelled with the title.
        await repos.eventAdmin.setSlide(id, p.slide && { ...p.slide, label: p.columns.title });
        const after = await load(repos, row);
        await repos.audit.record({
          actor: actorOf(caller),
          action: 'event.update',
          subjectType: 'event',
          subjectId: id,
          before,
          after,
        });
        return after;
      });
      // After commit, and not awaited: the organizer's save does not wait on mail to every holder.
      if (dateMoved) void deps.onAirDateMoved?.(id);
      return saved;
    },

    /** Publishing shows the event to shoppers; unpublishing hides it again (ticket holders keep access). */
    async setPublished(caller: OrganizerCaller, id: number, published: boolean): Promise<StudioEvent> {
      return change(async (repos) => {
        const existing = await lockedOr404(repos, id);
        if (existing.published === published) return load(repos, existing);
        if (published) {
          const premium = premiumPriceProblem(existing.is_premium, existing.rate_cents);
          if (premium) throw new Invalid(premium);
          // A Live event sells a show to come: without a future air date it is refused, unless its show
          // is under way or over (its air date is past by then, and it stays publishable).
          const airStart = existing.air_start_date ? new Date(existing.air_start_date).getTime() : null;
          if (
            existing.content_type === 'Live' &&
            (airStart === null || airStart <= now()) &&
            !(await repos.eventAdmin.showBegan(id))
          )
            throw new Invalid(M.publishLiveNeedsDate);
        }
        const row = await repos.eventAdmin.update(id, { published });
        const after = await load(repos, row);
        await repos.audit.record({
          actor: actorOf(caller),
          action: published ? 'event.publish' : 'event.unpublish',
          subjectType: 'event',
          subjectId: id,
          before: { status: existing.published ? 'published' : 'draft', version: existing.version },
          after: { status: after.status, version: after.version },
        });
        return after;
      });
    },

    /**
     * A draft copy: same fields, categories and slide, "(copy)" in its title, nothing sold. A Live
     * event's copy has no air date (docs/decisions.md "Organizers").
     */
    async duplicate(caller: OrganizerCaller, id: number): Promise<StudioEvent> {
      return changeWithNewPath(async (repos) => {
        const source = await lockedOr404(repos, id);
        const s = await load(repos, source);
        const title = `${s.title} (copy)`.slice(0, 200);
        const p: Prepared = {
          columns: {
            title,
            label: source.label,
            description: source.description,
            venue_description: source.venue_description,
            event_label: source.event_label,
            // A Live copy is another show: its date is the organizer's to set (publishing asks for one).
            air_start_date: source.content_type === 'Live' ? null : source.air_start_date,
            venue_time_zone: source.venue_time_zone,
            content_type: source.content_type,
            is_premium: source.is_premium,
            rate_cents: source.rate_cents,
            capacity: source.capacity,
            subscription_id: source.subscription_id,
            poster_path: source.poster_path,
            ...afterPurchaseColumns(afterPurchaseOf(source)),
          },
          placements: s.categories,
          slide: s.slide.enabled ? { description: s.slide.description, file_path: s.slide.imagePath } : null,
        };
        return insertEvent(repos, caller, p, 'event.duplicate', { duplicateOf: id });
      });
    },

    /** Deletes an event nobody ever ordered; once anything was, it can only be unpublished. */
    async remove(caller: OrganizerCaller, id: number): Promise<void> {
      try {
        await change(async (repos) => {
          const existing = await lockedOr404(repos, id);
          if (existing.sold > 0 || (await repos.eventAdmin.hasOrders(id))) throw new Conflict(M.deleteAfterSale);
          if (await repos.eventAdmin.inOpenCheckout(id)) throw new Conflict(M.deleteInCheckout);
          const before = await load(repos, existing);
          await repos.eventAdmin.delete(id);
          await repos.audit.record({
            actor: actorOf(caller),
            action: 'event.delete',
            subjectType: 'event',
            subjectId: id,
            before,
            after: null,
          });
        });
      } catch (error) {
        // An order taken between the check and the delete: order_items refuses the delete (restrict).
        if (isForeignKeyViolation(error)) throw new Conflict(M.deleteAfterSale, { cause: error });
        throw error;
      }
    },

    async categoryOptions(): Promise<StudioCategoryOption[]> {
      return uow.repos.eventAdmin.categoryOptions();
    },

    async subscriptionOptions(): Promise<StudioSubscriptionOption[]> {
      return uow.repos.eventAdmin.subscriptionOptions();
    },
  };
}
export type EventAdminService = ReturnType<typeof createEventAdminService>;
