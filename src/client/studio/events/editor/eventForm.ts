import { format, isValid, parse } from 'date-fns';
import {
  EVENT_TEXT_MAX,
  STUDIO_EVENT_MESSAGES,
  type StudioEvent,
  type StudioEventFields,
} from '../../../../shared/contract/studioEvents';
import {
  afterPurchaseFromEvent,
  defaultAfterPurchase,
  toAfterPurchase,
  type AfterPurchaseErrors,
  type AfterPurchaseValues,
} from './afterPurchaseForm';

/** The editor's values as the inputs hold them (numbers as typed text, the air date as a picker's Date). */
export type EventFormValues = {
  title: string;
  label: string;
  description: string;
  venue: string;
  location: string;
  /** The venue's wall time, held as a Date whose local fields are that wall time. */
  airDate: Date | null;
  venueTimeZone: string;
  contentType: 'Live' | 'VOD';
  isPremium: boolean;
  price: string;
  capacity: string;
  subscriptionId: string;
  categories: { categoryId: number; order: string }[];
  slide: { enabled: boolean; description: string; imagePath: string };
  posterPath: string;
  afterPurchase: AfterPurchaseValues;
};
export type EventFormErrors = Partial<
  Record<'title' | 'price' | 'capacity' | 'airDate' | 'categories' | 'slide', string>
> & { afterPurchase?: AfterPurchaseErrors };

/** The editor's own sentences, before anything is sent (the server checks the same and more). */
export const FORM_MESSAGES = {
  titleRequired: 'Give the event a title.',
  titleTooLong: `The title must be at most ${EVENT_TEXT_MAX.title} characters.`,
  price: 'Enter the price in dollars, such as 12 or 12.50 (at most $100,000).',
  capacity: 'Enter the number of tickets as a whole number, or leave it empty for no limit.',
  airDate: 'Enter a complete date and time.',
  order: 'The order in a category is a whole number.',
  premiumNeedsPrice: STUDIO_EVENT_MESSAGES.premiumNeedsPrice,
  capacityBelowSold: STUDIO_EVENT_MESSAGES.capacityBelowSold,
  slideNeedsImage: STUDIO_EVENT_MESSAGES.slideNeedsImage,
} as const;

const WALL_TIME = "yyyy-MM-dd'T'HH:mm";

export const emptyEventForm = (): EventFormValues => ({
  title: '',
  label: '',
  description: '',
  venue: '',
  location: '',
  airDate: null,
  venueTimeZone: 'America/New_York',
  contentType: 'Live',
  isPremium: false,
  price: '',
  capacity: '',
  subscriptionId: '',
  categories: [],
  slide: { enabled: false, description: '', imagePath: '' },
  posterPath: '',
  afterPurchase: defaultAfterPurchase(),
});

export const formFromEvent = (e: StudioEvent): EventFormValues => ({
  title: e.title,
  label: e.label,
  description: e.description,
  venue: e.venue,
  location: e.location,
  airDate: e.airDate ? parse(e.airDate, WALL_TIME, new Date()) : null,
  venueTimeZone: e.venueTimeZone,
  contentType: e.contentType,
  isPremium: e.isPremium,
  price: e.price === null ? '' : String(e.price),
  capacity: e.capacity === null ? '' : String(e.capacity),
  subscriptionId: e.subscriptionId === null ? '' : String(e.subscriptionId),
  categories: e.categories.map((c) => ({ categoryId: c.categoryId, order: String(c.order) })),
  slide: { ...e.slide },
  posterPath: e.posterPath,
  afterPurchase: afterPurchaseFromEvent(e.afterPurchase),
});

const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,8}$/;
const ORDER = /^-?\d{1,7}$/;

/**
 * The form's values as the contract's fields, or the sentence for each field that cannot be sent.
 * `sold`: tickets already sold (capacity may not go below it).
 */
export function toEventFields(
  v: EventFormValues,
  sold = 0,
): { fields: StudioEventFields; errors: null } | { fields: null; errors: EventFormErrors } {
  const errors: EventFormErrors = {};
  const title = v.title.trim();
  if (!title) errors.title = FORM_MESSAGES.titleRequired;
  else if (title.length > EVENT_TEXT_MAX.title) errors.title = FORM_MESSAGES.titleTooLong;

  const priceText = v.price.trim();
  const price = priceText === '' ? null : Number(priceText);
  if (priceText !== '' && (!DOLLARS.test(priceText) || price! > 100_000)) errors.price = FORM_MESSAGES.price;
  else if (v.isPremium && !(price && price > 0)) errors.price = FORM_MESSAGES.premiumNeedsPrice;

  const capacityText = v.capacity.trim();
  const capacity = capacityText === '' ? null : Number(capacityText);
  if (capacityText !== '' && !WHOLE.test(capacityText)) errors.capacity = FORM_MESSAGES.capacity;
  else if (capacity !== null && capacity < sold) errors.capacity = FORM_MESSAGES.capacityBelowSold;

  if (v.airDate !== null && !isValid(v.airDate)) errors.airDate = FORM_MESSAGES.airDate;
  if (v.categories.some((c) => !ORDER.test(c.order.trim()))) errors.categories = FORM_MESSAGES.order;
  if (v.slide.enabled && !v.slide.imagePath) errors.slide = FORM_MESSAGES.slideNeedsImage;
  const afterPurchase = toAfterPurchase(v.afterPurchase);
  if (afterPurchase.errors) errors.afterPurchase = afterPurchase.errors;
  if (Object.keys(errors).length > 0) return { fields: null, errors };

  return {
    errors: null,
    fields: {
      title,
      label: v.label.trim(),
      description: v.description,
      venue: v.venue.trim(),
      location: v.location.trim(),
      airDate: v.airDate ? format(v.airDate, WALL_TIME) : null,
      venueTimeZone: v.venueTimeZone,
      contentType: v.contentType,
      isPremium: v.isPremium,
      price,
      capacity,
      subscriptionId: v.subscriptionId === '' ? null : Number(v.subscriptionId),
      categories: v.categories.map((c) => ({ categoryId: c.categoryId, order: Number(c.order.trim()) })),
      slide: { ...v.slide, description: v.slide.description.trim() },
      posterPath: v.posterPath,
      ...(afterPurchase.settings ? { afterPurchase: afterPurchase.settings } : {}),
    },
  };
}
