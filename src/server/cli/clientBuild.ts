import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// public/media is served as is, not built: it does not make the build stale.
const SOURCES = [
  'src/client',
  'src/shared',
  'public/index.html',
  'public/favicon.svg',
  'webpack.config.ts',
  'package.json',
];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** True when dist/ is missing or older than any client source, config or the lock of dependencies. */
export function clientBuildIsStale(distDir = path.join(ROOT, 'dist')): boolean {
  const built = fs.statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > built.mtimeMs);
}

/** Runs the production webpack build in a child process; throws when it fails. */
export function buildClient(mode: 'production' | 'development' = 'production'): void {
  const started = Date.now();
  console.log(`Building the storefront (${mode})…`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', require.resolve('webpack-cli/bin/cli.js'), '--mode', mode],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`client build failed (exit ${result.status})`);
  // webpack leaves a file it would write unchanged as it was: the build's time is marked here, or a
  // build after touching a source that changes no output would look stale forever.
  const now = new Date();
  fs.utimesSync(path.join(ROOT, 'dist', 'index.html'), now, now);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function ensureClientBuilt(): void {
  if (clientBuildIsStale()) buildClient('production');
}
