import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** `npm test` itself: with CI=true a suite that cannot run fails the run, naming what is missing. */
const ROOT = path.resolve(__dirname, '../..');
const runAll = (env: Record<string, string>, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'tests/run-all.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

it('CI=true without Chromium fails at once, naming Chromium and how to install it', () => {
  const run = runAll({ CI: 'true', CHROME_PATH: '/nonexistent/chromium' });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(
    /CI=true and a suite cannot run: e2e \(Chromium\): no Chromium .*apt-get install -y chromium/,
  );
  expect(run.stdout).not.toMatch(/━━ shared/); // nothing ran first
});

it('CI=true refuses --unit, which leaves suites out', () => {
  const run = runAll({ CI: 'true' }, ['--unit']);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/CI=true runs every suite/);
});

it('npm run test:e2e with CI=true and no Chromium fails instead of passing empty', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/run.ts'], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true', CHROME_PATH: '/nonexistent/chromium' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/e2e CANNOT RUN \(CI=true\)/);
});
