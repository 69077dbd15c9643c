import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChromium } from './support/chromium';
import { e2eWorkers } from './support/workers';

/** `npm run test:e2e`: the browser journeys, or a loud note on how to get a Chromium. */
if (!findChromium()) {
  const inCi = /^(1|true)$/i.test(process.env.CI ?? '');
  console.error(
    `\n!!! e2e ${inCi ? 'CANNOT RUN (CI=true)' : 'SKIPPED'}: no Chromium found at CHROME_PATH or /usr/bin/chromium.`,
  );
  console.error('!!! Install one: sudo apt-get update && sudo apt-get install -y chromium  (or set CHROME_PATH)\n');
  process.exit(inCi ? 1 : 0);
}
const run = spawnSync(
  process.execPath,
  [
    require.resolve('jest/bin/jest'),
    '--selectProjects',
    'e2e',
    `--maxWorkers=${e2eWorkers()}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: path.resolve(__dirname, '..'),
    stdio: 'inherit',
  },
);
process.exit(run.status ?? 1);
