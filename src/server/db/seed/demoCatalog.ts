import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { CatalogFileInput } from '../../modules/catalog/catalogFile';
import { demoEvents, type DemoEvent } from './demoEvents';
import { demoFreeStreams, demoStreams } from './demoStreams';
import { agreements, subscriptions } from './demoTexts';

const NEW_YORK = 'America/New_York';

/** 8:00 PM in New York (EST or EDT, whichever holds that day), `days` from `now`: when concerts start. */
function showTime(now: Date, days: number): string {
  const day = formatInTimeZone(new Date(now.getTime() + days * 86_400_000), NEW_YORK, 'yyyy-MM-dd');
  return fromZonedTime(`${day}T20:00:00`, NEW_YORK).toISOString();
}

const posterPath = (e: DemoEvent) => `/media/posters/${e.path}.svg`;

function describe(e: DemoEvent): string {
  const setlist = e.setlist.map((s) => `<li>${s}</li>`).join('');
  return (
    `<p>${e.blurb}</p><h3>Setlist highlights</h3><ul>${setlist}</ul>` +
    `<p>Filmed with up to nine cameras: switch angles any time in the AllAccess player.</p>`
  );
}

const pathsWhere = (keep: (e: DemoEvent) => boolean) => demoEvents.filter(keep).map((e) => e.path);

/** The whole demo catalog, with dates relative to `now`. Seeded on first start through the importer. */
export function demoCatalog(now: Date = new Date()): CatalogFileInput {
  const upcoming = (e: DemoEvent) => e.dayOffset >= 0;
  const byDate = [...demoEvents].sort((a, b) => a.dayOffset - b.dayOffset);
  return {
    subscriptions,
    agreements,
    footerLinks: [
      {
        id: 1,
        label: 'AllAccess',
        links: [
          { label: 'Support', url: 'https://about.allaccess.live/support' },
          { label: 'Contact', url: 'https://about.allaccess.live/contact' },
          { label: 'About', url: 'https://about.allaccess.live/about' },
          { label: 'Terms', url: 'https://about.allaccess.live/terms' },
          { label: 'Privacy', url: 'https://about.allaccess.live/privacy' },
        ],
      },
    ],
    events: demoEvents.map((e) => ({
      path: e.path,
      title: e.title,
      label: e.label,
      description: describe(e),
      eventLabel: e.city,
      venueDescription: e.venue,
      airStartDate: showTime(now, e.dayOffset),
      posterPath: posterPath(e),
      isPremium: e.premium,
      price: e.premium ? (e.price ?? null) : null,
      contentType: e.live ? 'Live' : 'VOD',
      assetType: e.live ? 'live_event' : 'on_demand',
      subscriptionId: e.premium ? (e.label === 'Festival' ? 2 : 1) : null,
      capacity: e.capacity ?? null,
      streams: e.premium ? demoStreams : demoFreeStreams,
    })),
    categories: [
      {
        path: 'the-experience',
        label: 'The AllAccess Experience',
        group: 2,
        order: 0,
        description: '<p>Every show filmed from up to nine cameras. You choose the angle.</p>',
        events: pathsWhere(() => true),
        blocks: [
          {
            title: 'Coming up live',
            description: '<p>Get your pass before the doors open.</p>',
            events: byDate.filter(upcoming).map((e) => e.path),
          },
          {
            title: 'Watch on demand',
            description: '<p>Full shows, every angle, whenever you like.</p>',
            events: byDate
              .filter((e) => !upcoming(e))
              .reverse()
              .map((e) => e.path),
          },
        ],
      },
      {
        path: 'upcoming-events',
        label: 'Upcoming Events',
        group: 2,
        order: 1,
        description: '<p>Live broadcasts on the calendar, and the shows that just aired.</p>',
        events: byDate.filter((e) => e.dayOffset >= -7).map((e) => e.path),
      },
      {
        path: 'coming-up-live',
        label: 'Coming Up Live',
        group: 1,
        order: 0,
        events: byDate.filter(upcoming).map((e) => e.path),
        description: '<p>Live broadcasts on the calendar.</p>',
      },
      {
        path: 'on-demand',
        label: 'Watch On Demand',
        group: 1,
        order: 1,
        events: pathsWhere((e) => !upcoming(e) && e.premium),
        description: '<p>Full concerts, every angle, ready when you are.</p>',
      },
      {
        path: 'free-to-watch',
        label: 'Free to Watch',
        group: 1,
        order: 2,
        events: pathsWhere((e) => !e.premium),
        description: '<p>No pass needed: press play.</p>',
      },
      {
        path: 'jazz-soul-and-more',
        label: 'Jazz, Soul & More',
        group: 1,
        order: 3,
        events: pathsWhere((e) => ['Jazz', 'Soul', 'Gospel', 'Brass band', 'Bluegrass', 'Folk'].includes(e.label)),
        description: '<p>Horns, voices and strings.</p>',
      },
    ],
    carousel: [
      {
        label: 'Neon Harbor: Tidal Lights Tour',
        description: '',
        type: 'video',
        videoUrl: '/media/hero/index.m3u8',
        filePath: '/media/carousel/neon-harbor.svg',
        isButtonRequired: true,
        isVisible: true,
        event: 'neon-harbor-tidal-lights',
      },
      {
        label: 'Echo Parade: Arena Night',
        description: '<p><strong>On sale now:</strong> nine cameras, one arena.</p>',
        type: 'image',
        filePath: '/media/carousel/echo-parade.svg',
        isButtonRequired: true,
        isVisible: true,
        event: 'echo-parade-arena-night',
      },
      {
        label: 'Amber Radio: An Intimate Evening',
        description: '<p>Only five passes. When they are gone, they are gone.</p>',
        type: 'image',
        filePath: '/media/carousel/amber-radio.svg',
        isButtonRequired: true,
        isVisible: true,
        event: 'amber-radio-intimate-evening',
      },
      {
        label: 'Every angle. Every show.',
        description: '',
        type: 'image',
        filePath: '/media/carousel/every-angle.svg',
        isButtonRequired: false,
        isVisible: true,
        event: 'pulse-district-festival-main-stage',
      },
    ],
    coupons: [
      { code: 'FREEPASS', kind: 'percent', percentOff: 100 },
      { code: 'SAVE10', kind: 'percent', percentOff: 10 },
      { code: 'ONEUSE', kind: 'percent', percentOff: 100, maxRedemptions: 1 },
      { code: 'EXPIRED', kind: 'percent', percentOff: 50, startsAt: showTime(now, -60), endsAt: showTime(now, -30) },
    ],
    settings: { demoUse: 'true' },
  };
}
