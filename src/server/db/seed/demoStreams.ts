import type { StreamConfigFileInput } from '../../modules/streams/streamConfigFile';

/** The camera angles of the committed demo media (public/media/streams/angle-1..9), named as burned in. */
export const DEMO_ANGLES = [
  'Main Stage',
  'Stage Left',
  'Stage Right',
  'Crowd View',
  'Drums',
  'Keys',
  'Guitar',
  'Bass',
  'Backstage',
] as const;

/** The demo's media folders under public/media/streams: nine angles, the program cut, the dual and quad feeds. */
export const DEMO_STREAM_FOLDERS = [...DEMO_ANGLES.map((_, i) => `angle-${i + 1}`), 'program', 'dual', 'quad'] as const;

/**
 * Free demo events play copies of the same media in folders of their own (`free-angle-1`, …): a
 * signed URL opens a folder, so a folder shared with a premium event would hand its media to every
 * guest of the free one (the catalog importer refuses that). `npm run media:generate` makes the copies.
 */
export const FREE_FOLDER_PREFIX = 'free-';

const feed = (dir: string) => `/media/streams/${dir}/index.m3u8`;

/**
 * A demo event's stream config over the folders named with `prefix`: nine angles, the program cut
 * (which also carries the sound and stands in for the main and high-quality pictures), the
 * pre-composited dual and quad feeds, and all five layouts.
 */
function demoStreamsIn(prefix: string): StreamConfigFileInput {
  return {
    videoUrl: feed(`${prefix}program`),
    video_H_Url: feed(`${prefix}program`),
    video_dual_Url: feed(`${prefix}dual`),
    video_quad_Url: feed(`${prefix}quad`),
    audiourl: feed(`${prefix}program`),
    programcutUrl: feed(`${prefix}program`),
    Program: 'Program',
    streamUrls: DEMO_ANGLES.map((name, i) => ({ url: feed(`${prefix}angle-${i + 1}`), name })),
    layoutConfigs: [
      { layout: 'single', label: 'Single', tiles: 1 },
      { layout: 'two-up', label: 'Side by side', tiles: 2 },
      { layout: 'grid-2x2', label: '2 × 2', tiles: 4 },
      { layout: 'grid-3x3', label: '3 × 3', tiles: 9 },
      { layout: 'main-strip', label: 'Main + strip', tiles: 9 },
    ],
  };
}

/** The premium demo events' stream config (the committed folders as generated). */
export const demoStreams: StreamConfigFileInput = demoStreamsIn('');
/** The free demo events' stream config: the same media, in the free events' own folders. */
export const demoFreeStreams: StreamConfigFileInput = demoStreamsIn(FREE_FOLDER_PREFIX);
