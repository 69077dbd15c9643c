import { z } from './zod';
import { envelope } from './responseEnvelope';
import { jsonId, pageOffset } from './ids';
import { afterPurchaseSettings } from './afterPurchase';
import { OWN_MEDIA_PATH } from '../ownMedia';

/**
 * The console's events (`/studio/events`): the list, the form, publish/unpublish/duplicate/delete,
 * the form's options, and image uploads. Every route is under `/v1/studio/`, needs an organizer,
 * and answers the usual envelope `{success, message, data}`; a refusal is a 400/404/409 whose
 * `message` is a sentence to show as it is (bad input changes nothing).
 *
 * Routes (all `auth: organizer`):
 * - GET    /v1/studio/events?search=&status=&sort=&offset=&limit=   → {rows: StudioEventRow[], total}
 * - GET    /v1/studio/events/:id                                     → StudioEvent
 * - POST   /v1/studio/events            body StudioEventFields        → StudioEvent (a draft; 201)
 * - PUT    /v1/studio/events/:id        body StudioEventFields+version → StudioEvent (409 on an old version)
 * - POST   /v1/studio/events/:id/publish | /unpublish | /duplicate  → StudioEvent (duplicate: the new draft; 201)
 * - DELETE /v1/studio/events/:id                                     → null (409 once anything was ordered)
 * - GET    /v1/studio/categories                                     → StudioCategoryOption[]
 * - GET    /v1/studio/subscriptions                                  → StudioSubscriptionOption[]
 * - POST   /v1/studio/images?kind=poster|slide  raw body (Content-Type image/jpeg|png|webp, ≤ 10 MB)
 *                                                                    → StudioImage (201)
 * - GET    /media/uploads/:name  (public, no /v1) the stored image,
 *                                 `cache-control: public, max-age=31536000, immutable`
 *
 * Times: `airDate` is the wall time at the venue, 'YYYY-MM-DDTHH:mm', read in `venueTimeZone`
 * (IANA, e.g. 'Europe/Paris'); the server stores UTC and answers the same way back. The list
 * also gives `airStartDate`, the UTC instant (ISO), for sorting and showing in the viewer's zone.
 * Money: dollars with at most two decimals (the server keeps cents).
 * `path` (the event page's address) is made from the title when the event is created (a clash
 * gets '-2', '-3', …) and never changes afterwards, so links already shared keep working.
 */

/** The console's words for events, shared so the client can match or show them. */
export const STUDIO_EVENT_MESSAGES = {
  versionConflict:
    'Someone else changed this event while you were editing it. Reload it to see their changes, then edit again.',
  notFound: 'There is no such event.',
  deleteAfterSale: 'This event has orders, so it cannot be deleted. Unpublish it to hide it from shoppers.',
  pastLiveDate: 'A new live event needs an air date in the future.',
  publishLiveNeedsDate:
    'A live event needs an air date in the future before it is published. Set one and publish again.',
  deleteInCheckout:
    'Someone is paying for this event, or waiting for a refund of it, so it cannot be deleted. Unpublish it to hide ' +
    'it from shoppers.',
  imageBusy: 'Too many images are being processed right now. Try again in a few seconds.',
  premiumNeedsPrice: 'A premium event needs a price above $0.',
  capacityBelowSold: 'Capacity cannot be lower than the tickets already sold.',
  unknownZone: 'That time zone is unknown: choose one from the list, such as America/New_York.',
  unknownCategory: 'One of the categories does not exist any more. Reload the form and choose again.',
  unknownSubscription: 'That "what\'s included" option does not exist any more. Reload the form and choose again.',
  unsafeHtml: 'The description contains a script, an event handler or a javascript: link. Remove it and save again.',
  imageType: 'Upload a JPEG, PNG or WebP image.',
  imageSvg: 'SVG images are not accepted (they can carry scripts). Upload a JPEG, PNG or WebP image.',
  imageTooLarge: 'The image is larger than 10 MB. Upload a smaller one.',
  imageTooManyPixels: 'The image has too many pixels (at most 50 megapixels). Upload a smaller one.',
  imageEmpty: 'The upload was empty. Choose an image file and try again.',
  freeAfterSale:
    'This event has sold tickets, so it must stay premium with a price above $0 ' +
    '(refund the orders first to make it free).',
  slideNeedsImage: 'A carousel slide needs an image: upload one or turn the slide off.',
} as const;

export const STUDIO_EVENT_LIMITS = {
  /** Bytes of one upload. */
  imageBytes: 10 * 1024 * 1024,
  /** width × height of one upload (a decompression bomb is refused before it is decoded). */
  imagePixels: 50_000_000,
} as const;

// ── Field rules (the JSON catalog import uses the same ones, see server catalog/catalogFile.ts) ─────
/** Dollars with at most two decimals, from 0 to 100,000. */
export const dollarsRule = z
  .number()
  .nonnegative()
  .max(100_000)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'must have at most two decimals');
/** The end of the sentence for a picture that is not one of this site's own. */
export const MEDIA_PATH_PROBLEM =
  'must be a picture on this site (a path under /media/, such as an uploaded image), not an address elsewhere';
/**
 * A picture of this site (/media/…, shared/ownMedia.ts); '' for none. Never another host: the page
 * would load it (and a link preview show it) from there.
 */
export const mediaPathRule = z.string().max(500).regex(OWN_MEDIA_PATH, MEDIA_PATH_PROBLEM);
export const EVENT_TEXT_MAX = { title: 200, label: 200, venue: 200, location: 200, description: 20_000 } as const;
/** The venue's wall time, as a datetime-local input gives it. */
const wallTimeRule = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a date and time such as 2026-12-31T20:00');

export const CONTENT_TYPES = ['Live', 'VOD'] as const;
const EVENT_STATUSES = ['draft', 'published'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

// ── GET /v1/studio/events ──────────────────────────────────────────────────────────────────────────
const EVENT_SORTS = ['airDate', '-airDate', 'title', '-title', 'created', '-created', 'sold', '-sold'] as const;
export const studioEventListQuery = z.strictObject({
  /** Matches title, path, label, venue or location (case-insensitive, part of a word). */
  search: z.string().trim().max(200).optional(),
  status: z.enum(['all', ...EVENT_STATUSES]).default('all'),
  sort: z.enum(EVENT_SORTS).default('-created'),
  offset: pageOffset.default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StudioEventListQuery = z.infer<typeof studioEventListQuery>;

const studioEventRow = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  contentType: z.enum(CONTENT_TYPES),
  isPremium: z.boolean(),
  /** Dollars; null when free. */
  price: z.number().nullable(),
  /** null: unlimited. */
  capacity: z.number().int().nullable(),
  sold: z.number().int(),
  /** UTC ISO instant, or null when the event has no air date. */
  airStartDate: z.string().nullable(),
  venueTimeZone: z.string(),
  posterPath: z.string(),
  updatedAt: z.string(),
});
export type StudioEventRow = z.infer<typeof studioEventRow>;
const studioEventListData = z.object({ rows: z.array(studioEventRow), total: z.number().int() });
export type StudioEventList = z.infer<typeof studioEventListData>;
export const studioEventListResponse = envelope(studioEventListData);

// ── The form: POST /v1/studio/events, PUT /v1/studio/events/:id ──────────────────────────────────────
const categoryPlacement = z.strictObject({
  categoryId: jsonId,
  /** Where the event sits in that category's listing (smaller first). */
  order: z.number().int().min(-1_000_000).max(1_000_000),
});
const carouselSlide = z.strictObject({
  /** false: the event has no slide in the home page carousel. */
  enabled: z.boolean(),
  description: z.string().max(2000).default(''),
  /** From POST /v1/studio/images?kind=slide; '' for none (a slide that is enabled needs one). */
  imagePath: mediaPathRule.or(z.literal('')).default(''),
});

export const studioEventFields = z.strictObject({
  title: z.string().trim().min(1).max(EVENT_TEXT_MAX.title),
  label: z.string().trim().max(EVENT_TEXT_MAX.label).default(''),
  /** HTML from the rich-text editor; sanitized on the server (see STUDIO_EVENT_MESSAGES.unsafeHtml). */
  description: z.string().max(EVENT_TEXT_MAX.description).default(''),
  /** The venue badge on the event card and page. */
  venue: z.string().trim().max(EVENT_TEXT_MAX.venue).default(''),
  /** The location line (city, hall). */
  location: z.string().trim().max(EVENT_TEXT_MAX.location).default(''),
  /** Wall time at the venue, 'YYYY-MM-DDTHH:mm'; null for no date (an on-demand video). */
  airDate: wallTimeRule.nullable().default(null),
  /** IANA zone the air date is read in. */
  venueTimeZone: z.string().min(1).max(64).default('America/New_York'),
  contentType: z.enum(CONTENT_TYPES).default('VOD'),
  isPremium: z.boolean().default(false),
  /** Dollars; null (or 0) for free. A premium event needs a price above 0. */
  price: dollarsRule.nullable().default(null),
  /** null: unlimited. Never below `sold`. */
  capacity: z.number().int().nonnegative().max(10_000_000).nullable().default(null),
  /** "What's included": the subscription whose description the event page shows; null for none. */
  subscriptionId: jsonId.nullable().default(null),
  categories: z.array(categoryPlacement).max(50).default([]),
  slide: carouselSlide.default({ enabled: false, description: '', imagePath: '' }),
  /** From POST /v1/studio/images?kind=poster (or another picture under /media/); '' for none. */
  posterPath: mediaPathRule.or(z.literal('')).default(''),
  /**
   * Cancel cutoff, replay window, waiting-list hold and the guaranteed view's thresholds
   * (contract/afterPurchase.ts). Left out: a new event gets the defaults, a saved one keeps its own.
   */
  afterPurchase: afterPurchaseSettings.optional(),
});
export type StudioEventFields = z.input<typeof studioEventFields>;

export const studioEventUpdate = studioEventFields.extend({
  /** The `version` the form was loaded with; an older one gets 409 versionConflict. */
  version: z.number().int().positive(),
});
export type StudioEventUpdate = z.input<typeof studioEventUpdate>;

// ── The editable event (every answer about one event) ──────────────────────────────────────────────
const studioEvent = z.object({
  id: z.number().int(),
  path: z.string(),
  status: z.enum(EVENT_STATUSES),
  sold: z.number().int(),
  /** Bumped on every change; send it back with PUT. */
  version: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
  title: z.string(),
  label: z.string(),
  description: z.string(),
  venue: z.string(),
  location: z.string(),
  airDate: z.string().nullable(),
  venueTimeZone: z.string(),
  /** The same instant in UTC (ISO), for showing it elsewhere. */
  airStartDate: z.string().nullable(),
  contentType: z.enum(CONTENT_TYPES),
  isPremium: z.boolean(),
  price: z.number().nullable(),
  capacity: z.number().int().nullable(),
  subscriptionId: z.number().int().nullable(),
  categories: z.array(z.object({ categoryId: z.number().int(), order: z.number().int() })),
  slide: z.object({ enabled: z.boolean(), description: z.string(), imagePath: z.string() }),
  posterPath: z.string(),
  afterPurchase: afterPurchaseSettings,
});
export type StudioEvent = z.infer<typeof studioEvent>;
export const studioEventResponse = envelope(studioEvent);
export const studioEventDeletedResponse = envelope(z.null());

export const studioEventIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ── GET /v1/studio/categories, /v1/studio/subscriptions (the form's options) ───────────────────────
const studioCategoryOption = z.object({ id: z.number().int(), path: z.string(), label: z.string() });
export type StudioCategoryOption = z.infer<typeof studioCategoryOption>;
export const studioCategoriesResponse = envelope(z.array(studioCategoryOption));
const studioSubscriptionOption = z.object({ id: z.number().int(), title: z.string() });
export type StudioSubscriptionOption = z.infer<typeof studioSubscriptionOption>;
export const studioSubscriptionsResponse = envelope(z.array(studioSubscriptionOption));

// ── POST /v1/studio/images?kind=poster|slide ───────────────────────────────────────────────────────
const IMAGE_KINDS = ['poster', 'slide'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
/** The sizes made of each upload (JPEG, metadata stripped): the first is the one to store in the form. */
export const IMAGE_SIZES: Record<ImageKind, readonly { name: string; width: number; height: number }[]> = {
  poster: [
    { name: 'full', width: 1200, height: 630 },
    { name: 'card', width: 600, height: 315 },
  ],
  slide: [
    { name: 'full', width: 1920, height: 1080 },
    { name: 'small', width: 960, height: 540 },
  ],
};
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const studioImageQuery = z.strictObject({ kind: z.enum(IMAGE_KINDS) });
const studioImage = z.object({
  kind: z.enum(IMAGE_KINDS),
  /** The full size's address (/media/uploads/NAME): put it in posterPath or slide.imagePath. */
  path: z.string(),
  sizes: z.array(z.object({ name: z.string(), path: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type StudioImage = z.infer<typeof studioImage>;
export const studioImageResponse = envelope(studioImage);
