import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * `npm run fuzz`: the contract fuzzer (tests/server/plugins/contractFuzz.test.ts) for longer than
 * CI runs it: FUZZ_CASES (default 50,000) valid and spoiled requests, and refusals spoiled from a
 * valid request per 1,500 of them on every route; FUZZ_SEED to replay a run's seed. Most valid
 * requests do real work (an order, a viewing session), so a case costs more than a refusal would.
 */
const root = path.resolve(__dirname, '..');
const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/.bin/jest'),
    'tests/server/plugins/contractFuzz.test.ts',
    '--selectProjects',
    'server',
    '--testTimeout',
    '3600000',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_CASES: process.env.FUZZ_CASES ?? '50000' } },
);
process.exit(run.status ?? 1);
