import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureClientBuilt } from '../../src/server/cli/clientBuild';

/**
 * `npm run bench:bundle`: gzipped JavaScript each route loads (the entry's files plus the route's
 * chunk group), from the production build. hls.js is listed apart: it loads only where video plays.
 */
ensureClientBuilt();
const dist = path.resolve(__dirname, '../../dist');
const { entry, groups } = JSON.parse(fs.readFileSync(path.join(dist, 'chunk-groups.json'), 'utf8')) as {
  entry: string[];
  groups: Record<string, string[]>;
};
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const entryBytes = entry.reduce((n, f) => n + gz(f), 0);
console.log(`entry (every route): ${kib(entryBytes)} gz  [${entry.join(', ')}]`);
for (const [name, files] of Object.entries(groups).sort()) {
  if (name === 'main') continue;
  const own = files.filter((f) => !entry.includes(f));
  const bytes = own.reduce((n, f) => n + gz(f), 0);
  console.log(
    `${name.padEnd(12)} +${kib(bytes).padStart(10)}  = ${kib(entryBytes + bytes).padStart(10)} gz on first load`,
  );
}
