// @databases both: transactions — an import is one transaction, whole or nothing
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_PATH_PROBLEM } from '../../../../src/shared/contract/studioEvents';
import { demoCatalog } from '../../../../src/server/db/seed/demoCatalog';
import { CatalogFileError } from '../../../../src/server/modules/catalog/catalogFile';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: undefined });
});
afterAll(() => t.close());

const snapshot = async () => ({
  events: await t.database.db.selectFrom('events').selectAll().orderBy('id').execute(),
  categories: await t.database.db.selectFrom('categories').selectAll().orderBy('id').execute(),
  carousel: await t.database.db.selectFrom('carousel_items').selectAll().orderBy('id').execute(),
  coupons: await t.database.db.selectFrom('coupons').selectAll().orderBy('code').execute(),
});
const problemsOf = async (file: unknown) => {
  try {
    await importCatalog(t.database.db, file);
  } catch (err) {
    if (err instanceof CatalogFileError) return err.problems;
    throw err;
  }
  throw new Error('import was accepted');
};

describe('a malformed catalog file', () => {
  it.each([
    ['a wrong type', { events: [{ path: 'ok-path', title: 'x', price: 'ten' }] }, 'events[0].price:'],
    ['a bad path', { events: [{ path: 'Not A Path', title: 'x' }] }, 'events[0].path: must be lowercase words'],
    [
      'a bad date',
      { events: [{ path: 'a-b', title: 'x', airStartDate: 'tomorrow' }] },
      'events[0].airStartDate: must be an ISO date-time',
    ],
    [
      'an unknown field',
      { events: [{ path: 'a-b', title: 'x', colour: 'red' }] },
      'events[0]: has a field we do not accept: colour',
    ],
    [
      'a premium event without price',
      { events: [{ path: 'a-b', title: 'x', isPremium: true }] },
      'events[0].price: a premium event needs a price',
    ],
    [
      'a dangling event reference',
      {
        events: [{ path: 'a-b', title: 'x' }],
        categories: [{ path: 'c', label: 'C', group: 1, events: ['a-b', 'ghost'] }],
      },
      'categories[0].events[1]: unknown event "ghost"',
    ],
    [
      'a duplicate path',
      {
        events: [
          { path: 'a-b', title: 'x' },
          { path: 'a-b', title: 'y' },
        ],
      },
      'events[1].path: "a-b" appears twice',
    ],
    [
      'a price with three decimals',
      { events: [{ path: 'a-b', title: 'x', isPremium: true, price: 1.999 }] },
      'events[0].price: must have at most two decimals',
    ],
    [
      'a video slide without video',
      { carousel: [{ label: 'x', type: 'video' }] },
      'carousel[0].videoUrl: a video slide needs a videoUrl',
    ],
    ['a coupon without amount', { coupons: [{ code: 'HALF', kind: 'percent' }] }, 'coupons[0].percentOff: required'],
    [
      'a script URL as poster',
      { events: [{ path: 'a-b', title: 'x', posterPath: 'javascript:alert(1)' }] },
      'events[0].posterPath',
    ],
    [
      'a protocol-relative poster',
      { events: [{ path: 'a-b', title: 'x', posterPath: '//evil.example/p.svg' }] },
      `events[0].posterPath: ${MEDIA_PATH_PROBLEM}`,
    ],
    [
      'a backslash-relative slide',
      { carousel: [{ label: 'x', filePath: '/\\evil.example/s.svg' }] },
      `carousel[0].filePath: ${MEDIA_PATH_PROBLEM}`,
    ],
    [
      'a protocol-relative video',
      { carousel: [{ label: 'x', type: 'video', videoUrl: '//evil.example/v.m3u8' }] },
      `carousel[0].videoUrl: ${MEDIA_PATH_PROBLEM}`,
    ],
    [
      'a poster on another host',
      { events: [{ path: 'a-b', title: 'x', posterPath: 'https://evil.example/p.jpg' }] },
      `events[0].posterPath: ${MEDIA_PATH_PROBLEM}`,
    ],
    [
      'a data: poster',
      { events: [{ path: 'a-b', title: 'x', posterPath: 'data:image/png;base64,AAAA' }] },
      `events[0].posterPath: ${MEDIA_PATH_PROBLEM}`,
    ],
    [
      'a slide outside the site path',
      { carousel: [{ label: 'x', filePath: '/media/../v1/evil.svg' }] },
      `carousel[0].filePath: ${MEDIA_PATH_PROBLEM}`,
    ],
    [
      'a javascript: footer link',
      { footerLinks: [{ id: 1, label: 'F', links: [{ label: 'x', url: 'javascript:alert(1)' }] }] },
      'footerLinks[0].links[0].url: must be an http:, https: or mailto: link',
    ],
    [
      'a data: footer link',
      {
        footerLinks: [{ id: 1, label: 'F', links: [{ label: 'x', url: 'data:text/html,<script>alert(1)</script>' }] }],
      },
      'footerLinks[0].links[0].url: must be an http:, https: or mailto: link',
    ],
    [
      'an ftp: footer link',
      {
        footerLinks: [
          {
            id: 1,
            label: 'F',
            links: [
              { label: 'ok', url: 'https://ok.example' },
              { label: 'x', url: 'ftp://files.example' },
            ],
          },
        ],
      },
      'footerLinks[0].links[1].url: must be an http:, https: or mailto: link',
    ],
  ])('with %s is refused, naming the entry and field, and changes nothing', async (_n, file, expected) => {
    const before = await snapshot();
    const problems = await problemsOf(file);
    expect(problems.join('\n')).toContain(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts http:, https: and mailto: links and single-slash site paths', async () => {
    const file = {
      events: [{ path: 'links-ok', title: 'x', posterPath: '/media/posters/a.svg' }],
      footerLinks: [
        {
          id: 9,
          label: 'F',
          links: [
            { label: 'a', url: 'https://a.example' },
            { label: 'b', url: 'http://b.example' },
            { label: 'c', url: 'mailto:help@example.com' },
          ],
        },
      ],
    };
    await expect(importCatalog(t.database.db, file)).resolves.toMatchObject({ events: 1, footerLinks: 1 });
  });

  it('that fails halfway inside the database rolls back whole', async () => {
    const before = await snapshot();
    // Valid for the schema, but the second event breaks a database rule (capacity check) mid-transaction.
    const file = {
      events: [
        { path: 'first-ok', title: 'ok' },
        { path: 'second-bad', title: 'bad', capacity: 2 ** 40 },
      ],
    };
    await expect(importCatalog(t.database.db, file)).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});

describe('a valid catalog file', () => {
  it('replaces the sections it has, upserts events by path and leaves absent sections alone', async () => {
    const before = await snapshot();
    const file = {
      events: [
        {
          path: 'velvet-static-unplugged',
          title: 'The Velvet Static — Unplugged (Remastered)',
          isPremium: true,
          price: 8.5,
        },
      ],
      categories: [{ path: 'only-one', label: 'Only One', group: 1, events: ['velvet-static-unplugged'] }],
    };
    const summary = await importCatalog(t.database.db, file);
    expect(summary.sections).toEqual(['events', 'categories']);
    const after = await snapshot();
    expect(after.events).toHaveLength(before.events.length);
    expect(after.events.find((e) => e.path === 'velvet-static-unplugged')).toMatchObject({
      title: 'The Velvet Static — Unplugged (Remastered)',
      rate_cents: 850,
    });
    expect(after.categories.map((c) => c.path)).toEqual(['only-one']);
    expect(after.carousel).toEqual(before.carousel);
    expect(after.coupons).toEqual(before.coupons);
  });

  it('is seen by the very next catalog read (the read cache lets go)', async () => {
    await importCatalog(t.database.db, demoCatalog());
    const read = async () => (await t.app.inject({ url: '/v1/asset/velvet-static-unplugged' })).json().data[0].title;
    expect(await read()).toBe('The Velvet Static — Unplugged');
    const home = async () =>
      (await t.app.inject({ url: `/v1/pagecategory?filter=${encodeURIComponent('{"path":1}')}` })).json().data.length;
    expect(await home()).toBe(4);
    await importCatalog(t.database.db, {
      events: [{ path: 'velvet-static-unplugged', title: 'Renamed', isPremium: true, price: 9.99 }],
      categories: [],
    });
    // Another writer's change is picked up once the version is checked again (at most once a second).
    await new Promise((r) => setTimeout(r, 1100));
    expect(await read()).toBe('Renamed');
    expect(await home()).toBe(0);
    await importCatalog(t.database.db, demoCatalog());
  });
});

describe('npm run catalog:import', () => {
  const run = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/importCatalog.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('refuses a malformed file, names the problems, and says nothing was changed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-import-'));
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ events: [{ path: 'x-y', title: '' }] }));
    const result = run([file], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('events[0].title:');
    expect(result.stderr).toContain('Nothing was changed.');
  });

  it('loads a good file and says what it loaded', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-import-'));
    const file = path.join(dir, 'good.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        events: [{ path: 'x-y', title: 'X' }],
        categories: [{ path: 'c', label: 'C', group: 1, events: ['x-y'] }],
      }),
    );
    const result = run([file], dir);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Catalog imported: 1 events, 1 categories.');
  });
});
