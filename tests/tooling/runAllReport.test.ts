import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readJestRunReport } from '../utils/jestRunReport';
import { describeProcs, killAll, leftSince, processSnapshot } from '../utils/leftoverProcesses';

/** What `npm test`'s summary says of a suite: its leftovers, its failures and its slowest files. */

it('names a process a suite left orphaned, and not one still in hand', async () => {
  const before = processSnapshot();
  // A child still ours (a suite running beside) is not a leftover.
  const ours = spawn('sleep', ['30'], { stdio: 'ignore' });
  // `sh` starts sleep in the background and exits: the sleep is orphaned, as a server a test forgot.
  spawnSync('sh', ['-c', 'exec 1>&- 2>&-; sleep 31 &']);
  try {
    // The backgrounded child is a copy of `sh` until it has exec'd sleep: on a busy machine that is
    // after `sh` itself has exited (CI saw 'sh ×1'). Looked at again until it is sleep, for 5 s at most.
    let left = leftSince(before);
    for (const deadline = Date.now() + 5_000; describeProcs(left) !== 'sleep ×1' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = leftSince(before);
    }
    expect(describeProcs(left)).toBe('sleep ×1');
    killAll(left);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leftSince(before)).toEqual([]);
  } finally {
    ours.kill('SIGKILL');
  }
});

it('reads failed tests with their first lines, files that did not run, and the slowest files', () => {
  const root = '/repo';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jest-report-')), 'r.json');
  const suite = (name: string, seconds: number, extra: object = {}) => ({
    name: `${root}/e2e/${name}`,
    startTime: 1_000,
    endTime: 1_000 + seconds * 1000,
    message: '',
    assertionResults: [],
    ...extra,
  });
  fs.writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: 5,
      numFailedTests: 1,
      numRuntimeErrorTestSuites: 1,
      testResults: [
        suite('a.e2e.ts', 12, {
          assertionResults: [
            { fullName: 'plays', status: 'passed', failureMessages: [] },
            {
              fullName: 'stays in step',
              status: 'failed',
              failureMessages: ['\u001b[31mError: waited 30000 ms\u001b[39m\n\n    at poll (x.ts:1:1)\n  spread 344'],
            },
          ],
        }),
        suite('b.e2e.ts', 40, { message: '  ● Test suite failed to run\n\n    Cannot find module' }),
        suite('c.e2e.ts', 3),
        suite('d.e2e.ts', 20),
      ],
    }),
  );
  expect(readJestRunReport(file, root)).toEqual({
    passed: 5,
    failed: 2,
    failures: [
      'e2e/a.e2e.ts › stays in step: Error: waited 30000 ms ⏎ spread 344',
      'e2e/b.e2e.ts: ● Test suite failed to run ⏎ Cannot find module',
    ],
    slowest: ['e2e/b.e2e.ts 40.0 s', 'e2e/d.e2e.ts 20.0 s', 'e2e/a.e2e.ts 12.0 s'],
  });
  expect(readJestRunReport(`${file}.missing`, root)).toMatchObject({ passed: 0, failed: 1 });
});
