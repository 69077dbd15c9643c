import type { AppConfig } from '../config';

/** What the server answers when it issues stream keys: the event, and each feed's key and SRT listener. */
export type IssuedKeys = {
  event: { id: number; title: string };
  feeds: { angle: number; name: string; key: string; srtPort: number; srtPassphrase: string }[];
};

/**
 * The URLs an encoder is given for a feed: RTMP with the key as the stream name, SRT with its
 * passphrase. A module of its own because `live:keys` and `live:demo` both print them, and a
 * command's module runs its command when imported.
 */
export function feedUrls(live: AppConfig['live'], feed: IssuedKeys['feeds'][number]) {
  return {
    angle: feed.angle,
    name: feed.name,
    rtmp: `rtmp://${live.ingestHost}:${live.rtmpPort}/live/${feed.key}`,
    srt: `srt://${live.ingestHost}:${feed.srtPort}?passphrase=${feed.srtPassphrase}&pbkeylen=16&latency=120000`,
  };
}
