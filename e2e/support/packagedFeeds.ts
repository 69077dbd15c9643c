import fs from 'node:fs';
import path from 'node:path';

/**
 * The folders the live packagers write each feed of every show into, under a server's DATA_DIR:
 * live/<event>/a<angle>/ (live/nginx/ is the RTMP server's own). The live journeys read the segments
 * there, the same files the playlists are made of.
 */
export function packagedFeedDirs(dataDir: string): string[] {
  const live = path.join(dataDir, 'live');
  return fs
    .readdirSync(live)
    .filter((event) => event !== 'nginx')
    .flatMap((event) =>
      fs
        .readdirSync(path.join(live, event))
        .filter((angle) => /^a\d+$/.test(angle))
        .map((angle) => path.join(live, event, angle)),
    );
}
