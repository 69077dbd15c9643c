import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run fuzz`: the contract fuzzer (tests/server/platform/contractFuzz.test.ts) for longer than
 * CI runs it: FUZZ_CASES (default 200,000) generated requests, FUZZ_SEED to replay a run's seed.
 */
const root = path.resolve(__dirname, '..');
const run = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    path.join(root, 'node_modules/.bin/jest'),
    'tests/server/platform/contractFuzz.test.ts',
    '--selectProjects',
    'server',
    '--testTimeout',
    '3600000',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_CASES: process.env.FUZZ_CASES ?? '200000' } },
);
process.exit(run.status ?? 1);
