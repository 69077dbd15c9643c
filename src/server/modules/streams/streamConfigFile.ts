import { z } from 'zod';
import { layoutConfig } from '../../../shared/contract/streams';
import type { StoredStreamConfig } from '../../db/schema';

/** A folder or file name under /media/streams: letters, digits, '-' and '_' (so never '..', '/', '?' or '%'). */
export const MEDIA_NAME = /^[A-Za-z0-9_-]+$/;

const PLAYLIST_PATH = /^\/media\/streams\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+\.m3u8)$/;

/** The folder and file of a protected playlist path, or null for anything else. */
export function parsePlaylistPath(url: string): { dir: string; file: string } | null {
  const m = PLAYLIST_PATH.exec(url);
  return m ? { dir: m[1]!, file: m[2]! } : null;
}

/** A stream config's media URL: a protected playlist, signed per viewer when it is answered. */
const playlistPath = z
  .string()
  .max(300)
  .regex(
    PLAYLIST_PATH,
    'must be a protected playlist path such as /media/streams/angle-1/index.m3u8 (one folder, no "..", "//" or query)',
  );

/**
 * An event's `streams` in a catalog file (docs/behaviour.md §3 "Stream config"), as stored: media paths
 * unsigned, layouts with the organizer's nulls stripped.
 */
export const streamConfigFile = z.strictObject({
  videoUrl: playlistPath,
  video_H_Url: playlistPath,
  video_dual_Url: playlistPath,
  video_quad_Url: playlistPath,
  audiourl: playlistPath,
  programcutUrl: playlistPath,
  Program: z.string().min(1).max(60),
  streamUrls: z
    .array(z.strictObject({ url: playlistPath, name: z.string().min(1).max(60) }))
    .min(1, 'must list at least one angle')
    .max(9, 'must list at most nine angles (keys 1–9)'),
  layoutConfigs: z
    .array(layoutConfig.nullable())
    .max(20)
    .default([])
    .transform((list) => list.filter((l): l is z.infer<typeof layoutConfig> => l !== null)),
});

/** db/schema.ts stores what this schema gives: the compiler refuses any difference between the two. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _storedAsValidated: Same<z.infer<typeof streamConfigFile>, StoredStreamConfig> = true;
export type StreamConfigFileInput = z.input<typeof streamConfigFile>;

/** The media URL fields of a config other than the angles, in the spec's order. */
export const FEED_FIELDS = [
  'videoUrl',
  'video_H_Url',
  'video_dual_Url',
  'video_quad_Url',
  'audiourl',
  'programcutUrl',
] as const;

/** The folders a stored config's media live in (feeds and angles): what its signed URLs may open. */
export function foldersOf(config: StoredStreamConfig): Set<string> {
  const urls = [...FEED_FIELDS.map((f) => config[f]), ...config.streamUrls.map((s) => s.url)];
  return new Set(urls.flatMap((url) => parsePlaylistPath(url)?.dir ?? []));
}
