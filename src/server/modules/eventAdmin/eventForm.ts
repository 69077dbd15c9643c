import type { z } from 'zod';
import {
  STUDIO_EVENT_MESSAGES as M,
  type StudioEvent,
  type StudioEventRow,
  studioEventFields,
} from '../../../shared/contract/studioEvents';
import { Conflict, Invalid } from '../../platform/domainErrors';
import { sellsTickets } from '../cart/saleRules';
import { toCents } from '../catalog/catalogFile';
import {
  isKnownTimeZone,
  premiumPriceProblem,
  sanitizeDescription,
  utcToWallTime,
  wallTimeToUtc,
} from '../catalog/eventRules';
import { afterPurchaseColumns, afterPurchaseOf, type AfterPurchaseColumns } from './afterPurchaseColumns';
import type { AdminEventRow, EventPlacement, NewSlide } from './eventAdminRepository';
import type { EventAdminRepositories } from './repositories';

/**
 * The console's event form (eventAdmin/service.ts writes it): what it sends checked and turned into
 * columns, placements and a slide, and an event read back as the form and the list show it.
 */
export type Fields = z.output<typeof studioEventFields>;
type Repos = EventAdminRepositories;

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
export type Prepared = { columns: FormColumns; placements: EventPlacement[]; slide: Omit<NewSlide, 'label'> | null };

export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
export function toRow(e: AdminEventRow): StudioEventRow {
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

export async function studioEventOf(repos: Pick<Repos, 'eventAdmin'>, row: AdminEventRow): Promise<StudioEvent> {
  const [placements, slide] = await Promise.all([repos.eventAdmin.placements(row.id), repos.eventAdmin.slide(row.id)]);
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
export function prepareForm(f: Fields): Prepared {
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
export function keepStoredAirStart(p: Prepared, existing: AdminEventRow): void {
  const stored = existing.air_start_date ? new Date(existing.air_start_date).getTime() : null;
  const sent = p.columns.air_start_date?.getTime() ?? null;
  if (stored !== null && sent !== null && Math.floor(stored / 60_000) * 60_000 === sent)
    p.columns.air_start_date = new Date(stored);
}

/** The form's checks against what is stored: the options it names, and what is already sold. */
export async function checkAgainstStore(
  repos: Pick<Repos, 'eventAdmin'>,
  p: Prepared,
  existing: AdminEventRow | null,
  now: () => number,
): Promise<void> {
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
