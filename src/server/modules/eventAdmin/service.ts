import {
  STUDIO_EVENT_MESSAGES as M,
  type StudioCategoryOption,
  type StudioEvent,
  type StudioEventList,
  type StudioEventListQuery,
  type StudioSubscriptionOption,
} from '../../../shared/contract/studioEvents';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import { Conflict, Invalid, NotFound } from '../../platform/domainErrors';
import { premiumPriceProblem } from '../catalog/eventRules';
import { offerSeats } from '../waitlist/offerSeats';
import { afterPurchaseColumns, afterPurchaseOf } from './afterPurchaseColumns';
import { eventChangesOf, type EventAdminDeps } from './eventChanges';
import {
  checkAgainstStore,
  type Fields,
  iso,
  keepStoredAirStart,
  type Prepared,
  prepareForm,
  studioEventOf,
  toRow,
} from './eventForm';

type Changes = ReturnType<typeof eventChangesOf>;

const isForeignKeyViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23503';

/** The console's list, and the form: one event read, created, edited. */
function eventFormOf(deps: EventAdminDeps, { change, changeWithNewPath, lockedOr404, actorOf, insertEvent }: Changes) {
  const { uow } = deps;
  const now = deps.now ?? Date.now;
  return {
    async list(query: StudioEventListQuery): Promise<StudioEventList> {
      const { rows, total } = await uow.repos.eventAdmin.list(query);
      return { rows: rows.map(toRow), total };
    },

    async get(id: number): Promise<StudioEvent> {
      const row = await uow.repos.eventAdmin.byId(id);
      if (!row) throw new NotFound(M.notFound);
      return studioEventOf(uow.repos, row);
    },

    /** A new event, as a draft: shoppers see it once it is published. */
    async create(caller: OrganizerCaller, fields: Fields): Promise<StudioEvent> {
      const p = prepareForm(fields);
      return changeWithNewPath(async (repos) => {
        await checkAgainstStore(repos, p, null, now);
        return insertEvent(repos, caller, p, 'event.create');
      });
    },

    /** Saves the form over the event, unless someone saved since the form was loaded (`version`). */
    async update(caller: OrganizerCaller, id: number, fields: Fields & { version: number }): Promise<StudioEvent> {
      const p = prepareForm(fields);
      let dateMoved = false;
      const saved = await change(async (repos) => {
        const existing = await lockedOr404(repos, id);
        if (existing.version !== fields.version) throw new Conflict(M.versionConflict);
        keepStoredAirStart(p, existing);
        await checkAgainstStore(repos, p, existing, now);
        const before = await studioEventOf(repos, existing);
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
        const after = await studioEventOf(repos, row);
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
  };
}

/** An event's life after the form: published or not, duplicated, deleted. */
function eventLifecycleOf(
  deps: EventAdminDeps,
  { change, changeWithNewPath, lockedOr404, actorOf, insertEvent }: Changes,
) {
  const now = deps.now ?? Date.now;
  return {
    /** Publishing shows the event to shoppers; unpublishing hides it again (ticket holders keep access). */
    async setPublished(caller: OrganizerCaller, id: number, published: boolean): Promise<StudioEvent> {
      return change(async (repos) => {
        const existing = await lockedOr404(repos, id);
        if (existing.published === published) return studioEventOf(repos, existing);
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
        const after = await studioEventOf(repos, row);
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
        const s = await studioEventOf(repos, source);
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
          const before = await studioEventOf(repos, existing);
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
  };
}

/**
 * The console's events (docs/decisions.md "Organizers"): the organizer's list, form, publishing and
 * uploads. Every change runs in one transaction with its audit entry and a catalog version bump (every
 * instance's read cache lets go within the catalog bound; this one at once, by `onCatalogChanged`).
 * Bad input is refused with a sentence before anything is written.
 */
export function createEventAdminService(deps: EventAdminDeps) {
  const { uow } = deps;
  const changes = eventChangesOf(deps);
  return {
    ...eventFormOf(deps, changes),
    ...eventLifecycleOf(deps, changes),

    async categoryOptions(): Promise<StudioCategoryOption[]> {
      return uow.repos.eventAdmin.categoryOptions();
    },

    async subscriptionOptions(): Promise<StudioSubscriptionOption[]> {
      return uow.repos.eventAdmin.subscriptionOptions();
    },
  };
}
export type EventAdminService = ReturnType<typeof createEventAdminService>;
