import { LIVE_FEED_STATES, LIVE_SHOW_STATES, type LiveStateData } from '../../../../src/shared/contract/live';
import { liveFeeds } from '../../../../src/client/features/player/liveFeeds';

/** What each show and feed state means for a tile (PlayerLive.test.tsx plays them through). */

const state = (show: LiveStateData['show'], feed: LiveStateData['angles'][number]['state']): LiveStateData => ({
  ingest: true,
  show,
  angles: [{ angle: 2, state: feed }],
});

it.each(LIVE_SHOW_STATES.flatMap((show) => LIVE_FEED_STATES.map((feed) => [show, feed] as const)))(
  'show %s, feed %s',
  (show, feed) => {
    const feeds = liveFeeds(state(show, feed));
    const expected = { waiting: 'waiting', live: feed, ended: feed === 'waiting' ? 'waiting' : 'live' }[show];
    expect(feeds).toMatchObject({ pending: false, ingest: true, show });
    expect(feeds.feedOf(2)).toBe(expected);
    // An angle the server does not list never came.
    expect(feeds.feedOf(7)).toBe('waiting');
  },
);

it('without an ingest, or without an answer, every feed counts as live; before the first answer, as pending', () => {
  for (const none of [null, { ingest: false, show: 'live', angles: [] } as LiveStateData]) {
    const feeds = liveFeeds(none);
    expect(feeds).toMatchObject({ pending: false, ingest: false, show: null });
    expect(feeds.feedOf(3)).toBe('live');
  }
  expect(liveFeeds(undefined)).toMatchObject({ pending: true, ingest: false });
});
