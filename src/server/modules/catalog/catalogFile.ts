import { z } from 'zod';
import { dollarsRule, EVENT_TEXT_MAX, mediaPathRule } from '../../../shared/contract/studioEvents';
import { isIdLike, premiumPriceProblem, sanitizeDescription } from './eventRules';
import { streamConfigFile } from '../streams/streamConfigFile';

/**
 * The shape of a catalog file (`npm run catalog:import -- FILE.json`, and the demo seed). Prices
 * are dollars with at most two decimals here and become integer cents in the database.
 */
const path = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens, e.g. "night-shift-live"')
  .max(120);
const html = z.string().max(20_000);
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO date-time such as 2026-12-01T20:00:00Z' });
// The field rules an event shares with the organizer's console (shared/contract/studioEvents.ts).
const dollars = dollarsRule;
// A site path starts with one slash: '//host/…' (and '/\host/…', which browsers read the same way) is another site.
const mediaUrl = mediaPathRule;
/** Links shown to visitors: web pages and e-mail addresses only (no javascript:, data: or other schemes). */
const linkUrl = z.url({ protocol: /^(https?|mailto)$/, error: 'must be an http:, https: or mailto: link' }).max(2000);

const catalogEvent = z.strictObject({
  path,
  title: z.string().min(1).max(EVENT_TEXT_MAX.title),
  label: z.string().max(EVENT_TEXT_MAX.label).default(''),
  description: z.string().max(EVENT_TEXT_MAX.description).default(''),
  eventLabel: z.string().max(EVENT_TEXT_MAX.location).default(''),
  venueDescription: z.string().max(EVENT_TEXT_MAX.venue).default(''),
  airStartDate: isoDate.nullable().default(null),
  posterPath: mediaUrl.or(z.literal('')).default(''),
  isPremium: z.boolean().default(false),
  price: dollars.nullable().default(null),
  contentType: z.enum(['Live', 'VOD']).default('VOD'),
  assetType: z.string().max(40).default('event'),
  subscriptionId: z.number().int().positive().nullable().default(null),
  capacity: z.number().int().nonnegative().nullable().default(null),
  /** The event's stream config (docs/behaviour.md §3); an event without one keeps the config it has. */
  streams: streamConfigFile.optional(),
});

const catalogFile = z.strictObject({
  subscriptions: z
    .array(z.strictObject({ id: z.number().int().positive(), title: z.string().min(1).max(200), description: html }))
    .default([]),
  agreements: z
    .array(z.strictObject({ id: z.number().int().positive(), label: z.string().min(1).max(200), description: html }))
    .default([]),
  footerLinks: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        label: z.string().min(1).max(200),
        links: z.array(z.strictObject({ label: z.string().min(1).max(100), url: linkUrl })).max(50),
      }),
    )
    .default([]),
  events: z.array(catalogEvent).max(50_000).default([]),
  categories: z
    .array(
      z.strictObject({
        path,
        label: z.string().min(1).max(200),
        description: html.default(''),
        group: z.number().int().positive(),
        order: z.number().int().default(0),
        events: z.array(path).max(10_000).default([]),
        blocks: z
          .array(
            z.strictObject({
              title: z.string().min(1).max(200),
              description: html.default(''),
              events: z.array(path).max(10_000),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  carousel: z
    .array(
      z.strictObject({
        label: z.string().min(1).max(200),
        description: html.default(''),
        filePath: mediaUrl.or(z.literal('')).default(''),
        videoUrl: mediaUrl.or(z.literal('')).default(''),
        type: z.enum(['image', 'video']).default('image'),
        isButtonRequired: z.boolean().default(true),
        isVisible: z.boolean().default(true),
        event: path.nullable().default(null),
      }),
    )
    .max(50)
    .default([]),
  coupons: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[A-Z0-9_-]{3,32}$/, 'must be 3–32 capital letters, digits, - or _'),
        kind: z.enum(['percent', 'fixed']),
        percentOff: z.number().int().min(1).max(100).optional(),
        amountOff: dollars.optional(),
        startsAt: isoDate.nullable().default(null),
        endsAt: isoDate.nullable().default(null),
        maxRedemptions: z.number().int().positive().nullable().default(null),
        perUserLimit: z.number().int().positive().nullable().default(null),
        event: path.nullable().default(null),
      }),
    )
    .default([]),
  settings: z.record(z.string().max(64), z.string().max(1000)).default({}),
});

export type CatalogFile = z.infer<typeof catalogFile>;
export type CatalogFileInput = z.input<typeof catalogFile>;

export class CatalogFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalog file is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogFileError';
  }
}

const where = (p: PropertyKey[]) =>
  p.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('');

/** Validates a parsed catalog file: shape, then references between entries. Throws CatalogFileError. */
export function validateCatalogFile(input: unknown): CatalogFile {
  const parsed = catalogFile.safeParse(input);
  if (!parsed.success) {
    throw new CatalogFileError(
      parsed.error.issues.slice(0, 50).map((i) => `${where(i.path) || '(file)'}: ${i.message}`),
    );
  }
  const file = parsed.data;
  const problems: string[] = [];
  const eventPaths = new Set<string>();
  // The storefront reads a key of digits as an id (shared/contract/ids.ts parseIdOrPath): such a path is never found.
  const digitsOnly = (where: string, p: string) => {
    if (isIdLike(p))
      problems.push(
        `${where}.path: must not be only digits (the storefront would read it as an id): add a word, e.g. "event-${p}"`,
      );
  };
  file.events.forEach((e, i) => {
    digitsOnly(`events[${i}]`, e.path);
    if (eventPaths.has(e.path)) problems.push(`events[${i}].path: "${e.path}" appears twice`);
    eventPaths.add(e.path);
    if (premiumPriceProblem(e.isPremium, toCents(e.price)))
      problems.push(`events[${i}].price: a premium event needs a price above 0`);
    // The console's HTML rule: what could run is refused, the rest kept as the allow-list cleans it.
    const description = sanitizeDescription(e.description);
    if (description.ok) e.description = description.html;
    else problems.push(`events[${i}].description: contains a script, an event handler or a javascript: link`);
    if (e.subscriptionId !== null && !file.subscriptions.some((s) => s.id === e.subscriptionId)) {
      problems.push(`events[${i}].subscriptionId: no subscription ${e.subscriptionId} in this file`);
    }
  });
  const known = (p: string) => eventPaths.has(p);
  const categoryPaths = new Set<string>();
  file.categories.forEach((c, i) => {
    digitsOnly(`categories[${i}]`, c.path);
    if (categoryPaths.has(c.path)) problems.push(`categories[${i}].path: "${c.path}" appears twice`);
    categoryPaths.add(c.path);
    c.events.forEach((p, j) => known(p) || problems.push(`categories[${i}].events[${j}]: unknown event "${p}"`));
    c.blocks.forEach((b, j) =>
      b.events.forEach(
        (p, k) => known(p) || problems.push(`categories[${i}].blocks[${j}].events[${k}]: unknown event "${p}"`),
      ),
    );
  });
  file.carousel.forEach((c, i) => {
    if (c.event !== null && !known(c.event)) problems.push(`carousel[${i}].event: unknown event "${c.event}"`);
    if (c.type === 'video' && !c.videoUrl) problems.push(`carousel[${i}].videoUrl: a video slide needs a videoUrl`);
    if (c.type === 'image' && !c.filePath) problems.push(`carousel[${i}].filePath: an image slide needs a filePath`);
  });
  const codes = new Set<string>();
  file.coupons.forEach((c, i) => {
    if (codes.has(c.code)) problems.push(`coupons[${i}].code: "${c.code}" appears twice`);
    codes.add(c.code);
    if (c.kind === 'percent' && c.percentOff === undefined)
      problems.push(`coupons[${i}].percentOff: required for a percent coupon`);
    if (c.kind === 'fixed' && c.amountOff === undefined)
      problems.push(`coupons[${i}].amountOff: required for a fixed coupon`);
    if (c.event !== null && !known(c.event)) problems.push(`coupons[${i}].event: unknown event "${c.event}"`);
    if (c.startsAt && c.endsAt && c.startsAt >= c.endsAt) problems.push(`coupons[${i}].endsAt: must be after startsAt`);
  });
  const ids = (list: { id: number }[], name: string) => {
    const seen = new Set<number>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) problems.push(`${name}[${i}].id: ${x.id} appears twice`);
      seen.add(x.id);
    });
  };
  ids(file.subscriptions, 'subscriptions');
  ids(file.agreements, 'agreements');
  ids(file.footerLinks, 'footerLinks');
  if (problems.length) throw new CatalogFileError(problems.slice(0, 50));
  return file;
}

export const toCents = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : Math.round(dollars * 100);
