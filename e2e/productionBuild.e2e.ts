// @widths none: it checks the build files, laid out by no one
import fs from 'node:fs';
import path from 'node:path';
import { baseUrl } from './support/browser';

/** The build the journeys run against is the production one: it must not publish our source. */
const dist = path.resolve(__dirname, '../dist');

it('contains no source maps, and the server answers every map URL with 404', async () => {
  const files = fs.readdirSync(dist, { recursive: true }).map(String);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  const scripts = files.filter((f) => f.endsWith('.js'));
  for (const file of ['sw.js', ...scripts.slice(0, 5)]) {
    const res = await fetch(`${baseUrl()}/${file}.map`);
    expect([file, res.status]).toEqual([file, 404]);
  }
  const main = await (await fetch(`${baseUrl()}/${scripts.find((f) => f.includes('main'))}`)).text();
  expect(main).not.toMatch(/sourceMappingURL/);
});
