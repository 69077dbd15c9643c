import type { Event, WithContext } from 'schema-dts';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { isoInNewYork } from '../../../../shared/format';
import { ownAbsoluteUrl } from '../../../../shared/ownMedia';
import { paths } from '../../../lib/paths';
import { pageTitle, plainText, SITE, type HeadData } from '../../../lib/pageHead';

/**
 * An event page's head: its title, description and picture for link previews, and schema.org `Event`
 * data as Google's event guidelines ask for an online event: name, description, startDate with New
 * York's offset, eventStatus, eventAttendanceMode Online, a VirtualLocation at the event's page, image,
 * offers (price in USD, availability: SoldOut when no seat is left) and the organizer (the catalog names
 * no performer apart from the title, so none is given). `origin` is the
 * site's (absolute addresses). An event without a valid air date gets no schema.org data (startDate is
 * required).
 */
export function eventHead(event: AssetDetail, origin: string): HeadData {
  const path = paths.event(event.path);
  const url = `${origin}${path}`;
  const description = plainText(event.description);
  const image = event.shareImagePath ? { url: event.shareImagePath, alt: event.title } : undefined;
  // schema.org's image names this site's pictures only, as the share tags do (lib/pageHead.ts).
  const pictureUrl = ownAbsoluteUrl(event.shareImagePath ?? event.vodOrLivePosterImageFilePath, origin);
  const startDate = isoInNewYork(event.airStartDate);
  const jsonLd: WithContext<Event> | undefined = startDate
    ? {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        ...(description ? { description } : {}),
        startDate,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url },
        ...(pictureUrl ? { image: [pictureUrl] } : {}),
        offers: {
          '@type': 'Offer',
          url,
          price: event.isPremium === 1 ? (event.rate ?? 0).toFixed(2) : '0.00',
          priceCurrency: 'USD',
          availability: event.soldOut === 1 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
        },
        organizer: { '@type': 'Organization', name: SITE.name, url: origin },
      }
    : undefined;
  return {
    title: pageTitle(event.title),
    heading: event.title,
    path,
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    type: 'video.other',
    ...(jsonLd ? { jsonLd } : {}),
  };
}
