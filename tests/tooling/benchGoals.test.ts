import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { meets } from '../bench/goals';

/**
 * tests/bench/goals.ts, what every `npm run bench:…` ends with: a missed goal makes the bench exit 1
 * and says which. The exit is seen for real, in a process of its own, as a script running a bench
 * sees it.
 */
const ROOT = path.resolve(__dirname, '../..');

/** Runs `body` after importing the helper, in a Node process of its own. */
function bench(body: string) {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { record, exitOnMissedGoals } from './tests/bench/goals.ts';\n${body}\nconsole.log('after');`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

it('meets a goal at most or at least, and never with a figure that could not be measured', () => {
  expect([meets(50, 50, '<='), meets(50.1, 50, '<='), meets(0.5, 0.5, '>='), meets(0.49, 0.5, '>=')]).toEqual([
    true,
    false,
    true,
    false,
  ]);
  expect([meets(NaN, 50, '<='), meets(NaN, 0, '>=')]).toEqual([false, false]);
});

it('every goal met: exit 0, the bench goes on to its end', () => {
  const run = bench(`
    record('p99, GET /v1/cart', 17, 50, '<=', 'ms');
    record('ratio to hello-world', 0.61, 0.5, '>=');
    exitOnMissedGoals();`);
  expect(run).toEqual({ status: 0, stdout: 'Every goal met (2).\nafter', stderr: '' });
});

it('one goal missed among others: exit 1 at once, and a line naming it with its figure and goal', () => {
  const run = bench(`
    record('p99, GET /v1/cart', 61.2345, 50, '<=', 'ms');
    record('errors', 0, 0, '<=');
    record('RSS end / start', 1.2, 1.1, '<=');
    exitOnMissedGoals();`);
  expect(run).toEqual({
    status: 1,
    stdout: '',
    stderr: [
      '2 of 3 goals missed:',
      'missed goal: p99, GET /v1/cart 61.23 ms, goal <= 50 ms',
      'missed goal: RSS end / start 1.2, goal <= 1.1',
    ].join('\n'),
  });
});

it('a figure that could not be measured misses its goal', () => {
  const run = bench(`record('first frame', NaN, 2000, '<=', 'ms'); exitOnMissedGoals();`);
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('missed goal: first frame NaN ms, goal <= 2000 ms');
});

it('a bench that recorded no goal at all fails: it measured nothing', () => {
  expect(bench('exitOnMissedGoals();')).toEqual({
    status: 1,
    stdout: '',
    stderr: 'No figure was recorded beside a goal.',
  });
});
