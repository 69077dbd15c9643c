import type { StoredStreamConfig } from '../../db/schema';
import { foldersOf } from '../streams/streamConfigFile';
import type { CatalogFile } from './catalogFile';

/**
 * A signed media URL opens a folder for an event, and a free event's URLs go to every guest: a folder
 * that a free and a premium event both use would hand the premium event's media to anyone. This reads
 * the catalog as the import leaves it (`rows`, read inside its transaction: the file's events merged
 * over those already in the database, each event's stream config the file's or the one it kept) and
 * names every free/premium pair sharing a folder, on the file's entry that brings it about.
 */
export function sharedFolderProblems(
  rows: { path: string; is_premium: boolean; config: StoredStreamConfig }[],
  file: CatalogFile,
): string[] {
  const watchable = rows.map((r) => ({ path: r.path, premium: r.is_premium, folders: foldersOf(r.config) }));
  const entries = new Map(file.events.map((e, i) => [e.path, { index: i, bringsStreams: e.streams !== undefined }]));
  const problems: string[] = [];
  for (const free of watchable.filter((e) => !e.premium)) {
    for (const premium of watchable.filter((e) => e.premium)) {
      const shared = [...free.folders].filter((dir) => premium.folders.has(dir)).sort();
      if (shared.length === 0) continue;
      const named = (e: { path: string }) => `"${e.path}"${entries.has(e.path) ? '' : ' (already in the database)'}`;
      problems.push(
        `${entryOf(entries, free.path, premium.path)}: free event ${named(free)} and premium ` +
          `event ${named(premium)} share the media ` +
          `${shared.length === 1 ? 'folder' : 'folders'} ${shared.map((d) => `"${d}"`).join(', ')}: the free event's ` +
          `links would open the premium ` +
          "event's media to anyone. Give the free event folders of its own.",
      );
    }
  }
  return problems;
}

/**
 * Where the problem is: the entry whose streams make the pair (the free event's first), else one whose flag does, else
 * the database.
 */
function entryOf(
  entries: Map<string, { index: number; bringsStreams: boolean }>,
  free: string,
  premium: string,
): string {
  const [f, p] = [entries.get(free), entries.get(premium)];
  if (f?.bringsStreams) return `events[${f.index}].streams`;
  if (p?.bringsStreams) return `events[${p.index}].streams`;
  if (f) return `events[${f.index}].isPremium`;
  if (p) return `events[${p.index}].isPremium`;
  return 'database';
}
