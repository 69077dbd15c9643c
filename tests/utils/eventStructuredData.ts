/**
 * Checks schema.org `Event` data against Google's event structured-data guidelines for an online
 * event (developers.google.com/search/docs/appearance/structured-data/event): the required properties
 * (name, startDate as ISO 8601 with a time zone offset, location as a VirtualLocation with a url for
 * an online event), and what we publish of the recommended ones (description, eventStatus,
 * eventAttendanceMode, image, offers with price, priceCurrency, availability and url, organizer).
 * Returns the problems found, none when the data is sound.
 */
export function eventStructuredDataProblems(data: unknown): string[] {
  const problems: string[] = [];
  const e = data as Record<string, unknown>;
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^/]+/.test(v);
  need(e?.['@context'] === 'https://schema.org', '@context must be https://schema.org');
  need(e?.['@type'] === 'Event', '@type must be Event');
  need(typeof e?.name === 'string' && e.name.trim() !== '', 'name is required');
  need(
    typeof e?.startDate === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/.test(e.startDate),
    'startDate must be ISO 8601 with a time zone offset',
  );
  need(typeof e?.description === 'string' && e.description.trim() !== '', 'description is recommended');
  const statuses = ['EventScheduled', 'EventCancelled', 'EventMovedOnline', 'EventPostponed', 'EventRescheduled'];
  need(
    statuses.some((s) => e?.eventStatus === `https://schema.org/${s}`),
    'eventStatus must be a schema.org EventStatusType',
  );
  need(
    e?.eventAttendanceMode === 'https://schema.org/OnlineEventAttendanceMode',
    'eventAttendanceMode must be OnlineEventAttendanceMode',
  );
  const location = e?.location as Record<string, unknown> | undefined;
  need(
    location?.['@type'] === 'VirtualLocation' && isUrl(location.url),
    'location must be a VirtualLocation with a url',
  );
  need(Array.isArray(e?.image) && e.image.length > 0 && e.image.every(isUrl), 'image must be absolute URLs');
  const offers = e?.offers as Record<string, unknown> | undefined;
  need(offers?.['@type'] === 'Offer', 'offers must be an Offer');
  need(typeof offers?.price === 'string' && /^\d+(\.\d{2})?$/.test(offers.price), 'offers.price must be a number');
  need(offers?.priceCurrency === 'USD', 'offers.priceCurrency must be USD');
  need(
    ['InStock', 'SoldOut', 'PreOrder'].some((a) => offers?.availability === `https://schema.org/${a}`),
    'offers.availability must be a schema.org ItemAvailability',
  );
  need(isUrl(offers?.url), 'offers.url must be an absolute URL');
  const organizer = e?.organizer as Record<string, unknown> | undefined;
  need(typeof organizer?.name === 'string' && isUrl(organizer.url), 'organizer needs a name and url');
  return problems;
}
