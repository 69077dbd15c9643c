// Runs one of the server's command-line tools (`npm run db:migrate`, `npm run catalog:import`):
// from its TypeScript source through tsx in a development checkout, and from the compiled build
// (dist-server/) in a production install, where tsx, a development dependency, is not installed.
// Usage: node scripts/run-server-cli.mjs <path under src/server, without .ts> [arguments...]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [tool, ...args] = process.argv.slice(2);
if (!tool) {
  console.error('usage: node scripts/run-server-cli.mjs <path under src/server> [arguments...]');
  process.exit(2);
}

const hasTsx = (() => {
  try {
    createRequire(path.join(root, 'package.json')).resolve('tsx');
    return true;
  } catch {
    return false;
  }
})();
const source = path.join(root, 'src/server', `${tool}.ts`);
const built = path.join(root, 'dist-server/server', `${tool}.js`);
// A development checkout runs the sources, never a build that may be older than them.
const argv = hasTsx && existsSync(source) ? ['--import', 'tsx', source, ...args] : [built, ...args];
if (!hasTsx && !existsSync(built)) {
  console.error(`The storefront is not built (${path.relative(root, built)} is missing): run npm run build first.`);
  process.exit(1);
}
const run = spawnSync(process.execPath, argv, { stdio: 'inherit', cwd: process.cwd() });
process.exit(run.status ?? 1);
