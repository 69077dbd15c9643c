import { emailAddress, z } from './zod';
import { envelope } from './responseEnvelope';
import { MAX_ID, pageOffset } from './ids';
import { jsonQuery } from './jsonQuery';

/** An event as the shop's client reads it (docs/behaviour.md §3 "Event"); money in dollars on the wire. */
const assetSummary = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string(),
  label: z.string(),
  description: z.string(),
  event_label: z.string(),
  venue_description: z.string(),
  airStartDate: z.string().nullable(),
  vodOrLivePosterImageFilePath: z.string(),
  isPremium: z.union([z.literal(0), z.literal(1)]),
  rate: z.number().nullable(),
  contentType: z.string(),
  assetType: z.string(),
  subscription_id: z.number().int().nullable(),
});
export type AssetSummary = z.infer<typeof assetSummary>;

/** The event page's asset: whether this caller may watch it is decided per caller. */
const assetDetail = assetSummary.extend({
  canUserWatchAsset: z.union([z.literal(0), z.literal(1)]),
  /** 1 when every ticket of a capacity-limited event is sold: 'Sold Out', nothing to add to a cart. */
  soldOut: z.union([z.literal(0), z.literal(1)]),
  /**
   * A JPEG, PNG, WebP or GIF of the event for link previews (og:image): the poster when it is one, else a
   * picture of the same name beside it (`x.svg` → `x.jpg`); null when there is none (the site's is used).
   */
  shareImagePath: z.string().nullable(),
});
export type AssetDetail = z.infer<typeof assetDetail>;

const carouselItem = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  filePath: z.string(),
  videoUrl: z.string(),
  type: z.enum(['image', 'video']),
  isButtonRequired: z.boolean(),
  isVisible: z.boolean(),
  asset: z.array(
    z.object({
      id: z.number().int(),
      path: z.string(),
      title: z.string(),
      venue_description: z.string(),
      event_label: z.string(),
      airStartDate: z.string().nullable(),
    }),
  ),
});
export type CarouselItem = z.infer<typeof carouselItem>;

const category = z.object({
  id: z.number().int(),
  path: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.string(),
  order: z.number().int(),
});
export type Category = z.infer<typeof category>;

const categoryListing = category.extend({ data: z.array(assetSummary), nextCursor: z.string().nullable() });
export type CategoryListing = z.infer<typeof categoryListing>;

const categoryBlock = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  data: z.array(assetSummary),
});
export type CategoryBlock = z.infer<typeof categoryBlock>;

const subscription = z.object({ id: z.number().int(), title: z.string(), description: z.string() });
export type Subscription = z.infer<typeof subscription>;

const agreement = z.object({ id: z.number().int(), label: z.string(), description: z.string() });
export type Agreement = z.infer<typeof agreement>;

const footerLink = z.object({
  id: z.number().int(),
  label: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type FooterLink = z.infer<typeof footerLink>;

export const carouselResponse = envelope(z.array(carouselItem));
export const categoryListResponse = envelope(z.array(category));
export const listingResponse = envelope(z.array(categoryListing));
export const blocksResponse = envelope(z.array(categoryBlock));
export const assetResponse = envelope(z.array(assetDetail));
export const subscriptionResponse = envelope(subscription);
export const agreementResponse = envelope(z.array(agreement));
export const footerLinkResponse = envelope(footerLink);

export type CarouselResponse = z.infer<typeof carouselResponse>;
export type FooterLinkResponse = z.infer<typeof footerLinkResponse>;
export type CategoryListResponse = z.infer<typeof categoryListResponse>;
export type ListingResponse = z.infer<typeof listingResponse>;
export type BlocksResponse = z.infer<typeof blocksResponse>;
export type AssetResponse = z.infer<typeof assetResponse>;
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;
export type AgreementResponse = z.infer<typeof agreementResponse>;

/**
 * Query filters (JSON in `filter`), as the spec's client sends them. Device and language are the
 * client's ('1'), as text or a number; they do not change the answer (one catalog).
 */
const clientKey = z.union([z.string().max(40), z.number()]);
const carouselFilter = z.strictObject({ deviceTypeId: clientKey.optional(), languageId: clientKey.optional() });
/** A page's id as the filter names it: a number, or its digits as text (within the id range, so always an id). */
const pageId = z.union([
  z.string().regex(/^0*[1-9][0-9]{0,8}$/, 'must be a page id such as 1'),
  z.number().int().positive().max(MAX_ID),
]);
const categoryFilter = carouselFilter.extend({
  path: pageId,
  type: z.literal('primary_navigation').optional(),
});
export type CategoryFilter = z.infer<typeof categoryFilter>;
const listingFilter = z.strictObject({ path: z.string().min(1).max(120) });
export type ListingFilter = z.infer<typeof listingFilter>;
const FILTER_LENGTH = 2000;

const pageSize = (max: number) => z.coerce.number().int().min(1).max(max);
/**
 * Paging by keyset: `start` stays 0 (the spec's client sends it), and a page after the first is
 * asked for with the opaque cursor the page before gave (base64url text), never one made up.
 */
const paged = <F extends z.ZodType>(filter: F) =>
  z.strictObject({
    filter,
    start: z.coerce
      .number()
      .int()
      .min(0)
      .max(0, 'must be 0: pages after the first are read with the nextCursor of the previous page')
      .default(0)
      .meta({ description: 'Always 0: paging is by `cursor`.' }),
    limit: pageSize(100).default(20),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not one this server gave out')
      .optional()
      .meta({
        description:
          'Opaque: the `nextCursor` an earlier page of this list answered, as it was given. A cursor this server ' +
          'did not give is a 400.',
      }),
  });
export const categoriesQuery = paged(
  jsonQuery(categoryFilter, { maxLength: FILTER_LENGTH, example: '{"path":"1","type":"primary_navigation"}' }),
);
export const listingQuery = paged(
  jsonQuery(listingFilter, { maxLength: FILTER_LENGTH, example: '{"path":"on-demand"}' }),
);
export const carouselQuery = z.strictObject({
  filter: jsonQuery(carouselFilter, {
    maxLength: FILTER_LENGTH,
    example: '{"deviceTypeId":"1","languageId":"1"}',
  }).optional(),
});
export const blocksQuery = z.strictObject({
  offset: pageOffset.default(0),
  limit: pageSize(100).default(50),
});

export const newsletterBody = z.strictObject({ email: emailAddress() });
export const newsletterResponse = envelope(z.null());
