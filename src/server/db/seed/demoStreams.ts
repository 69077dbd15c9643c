import type { StreamConfigFileInput } from '../../modules/streams/streamConfigFile';

/** The camera angles of the committed demo media (public/media/streams/angle-1..9), named as burned in. */
export const DEMO_ANGLES = ['Main Stage', 'Stage Left', 'Stage Right', 'Crowd View', 'Drums', 'Keys', 'Guitar', 'Bass', 'Backstage'] as const;

const feed = (dir: string) => `/media/streams/${dir}/index.m3u8`;

/**
 * Every demo event's stream config: nine angles, the program cut (which also carries the sound and
 * stands in for the main and high-quality pictures), the pre-composited dual and quad feeds, and
 * all five layouts.
 */
export const demoStreams: StreamConfigFileInput = {
  videoUrl: feed('program'),
  video_H_Url: feed('program'),
  video_dual_Url: feed('dual'),
  video_quad_Url: feed('quad'),
  audiourl: feed('program'),
  programcutUrl: feed('program'),
  Program: 'Program',
  streamUrls: DEMO_ANGLES.map((name, i) => ({ url: feed(`angle-${i + 1}`), name })),
  layoutConfigs: [
    { layout: 'single', label: 'Single', tiles: 1 },
    { layout: 'two-up', label: 'Side by side', tiles: 2 },
    { layout: 'grid-2x2', label: '2 × 2', tiles: 4 },
    { layout: 'grid-3x3', label: '3 × 3', tiles: 9 },
    { layout: 'main-strip', label: 'Main + strip', tiles: 9 },
  ],
};
