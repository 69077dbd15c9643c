// @databases pglite: the embedded database's own files under DATA_DIR are what is proven
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../../src/server/app';
import { testConfig } from '../../utils/testConfig';

/** Every file and folder under `dir` with a mode other than owner-only (0600 files, 0700 folders). */
function notPrivate(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const full = path.join(e.parentPath, e.name);
    const mode = fs.statSync(full).mode & 0o777;
    const wanted = e.isDirectory() ? 0o700 : 0o600;
    return mode === wanted ? [] : [`${path.relative(dir, full)} ${mode.toString(8)}`];
  });
}

it('DATA_DIR and everything the server creates in it are owner-only, the embedded database included', async () => {
  const config = testConfig({ JWT_SECRET: '' });
  fs.chmodSync(config.dataDir, 0o755); // as if made by hand before the first start
  // No injected database: the app opens PGlite under DATA_DIR as `npm start` does, and writes to it.
  const app = await buildApp(config);
  try {
    expect((await app.inject({ url: '/v1/token/guest' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
  expect(fs.statSync(config.dataDir).mode & 0o777).toBe(0o700);
  expect(fs.existsSync(path.join(config.dataDir, 'jwt-secret'))).toBe(true);
  const files = fs.readdirSync(config.dataDir, { recursive: true });
  expect(files.length).toBeGreaterThan(100);
  expect(notPrivate(config.dataDir)).toEqual([]);
}, 60_000);
