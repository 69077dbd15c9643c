// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import webpackConfigs from '../../../../webpack.config';
import { demoCatalog } from '../../../../src/server/db/seed/demoCatalog';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { SERVER_PAGE_ELEMENT_ID } from '../../../../src/shared/serverRender';
import { createTestApp, type TestApp } from '../../../utils/testApp';

/*
 * The server render as production runs it: webpack's server bundle (dist-ssr/render.js, built here
 * from webpack.config.ts's own 'ssr' configuration) beside a client build's index.html, found and
 * loaded by the web plugin, which answers a page with the app's markup, the page's head and status,
 * and the handover the browser hydrates from. The build goes under node_modules/.cache: the bundle
 * then finds its one external (jsdom) as on a server, and jest does not transform it again.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const buildDir = path.join(ROOT, 'node_modules', '.cache', `ssr-test-${process.pid}`);

async function buildRenderBundle(outputPath: string) {
  const ssr = webpackConfigs(undefined, { mode: 'development' }).find((c) => c.name === 'ssr');
  if (!ssr) throw new Error("webpack.config.ts has no 'ssr' configuration");
  const compiler = webpack({ ...ssr, context: ROOT, output: { ...ssr.output, path: outputPath } });
  const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
    compiler.run((err, result) => (err ? reject(err) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats || stats.hasErrors()) throw new Error(stats?.toString('errors-only') ?? 'webpack gave no stats');
}

/** A title a page carries into the handover (the importer refuses scripts, not words like these). */
const HOSTILE = 'Encore </script><!-- and on';

/** A poster on another host, as a row saved before the console and the import refused them holds it. */
const ELSEWHERE = 'https://evil.example/poster.jpg';

let t: TestApp;
let hostilePath: string;
let elsewherePath: string;
beforeAll(async () => {
  await buildRenderBundle(path.join(buildDir, 'dist-ssr'));
  fs.mkdirSync(path.join(buildDir, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'public', 'index.html'), path.join(buildDir, 'dist', 'index.html'));
  t = await createTestApp({ config: { clientDistDir: path.join(buildDir, 'dist') } });
  const catalog = demoCatalog();
  const hostile = catalog.events!.at(-1)!;
  hostile.title = HOSTILE;
  hostilePath = hostile.path;
  await importCatalog(t.database.db, catalog);
  elsewherePath = catalog.events!.at(-2)!.path;
  await t.database.db.updateTable('events').set({ poster_path: ELSEWHERE }).where('path', '=', elsewherePath).execute();
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

type Handover = { state: { api: { queries: Record<string, { data?: unknown }> } }; guestToken: string | null };

/** The handover as the browser reads it: the text of the one element with its id, up to its own end tag. */
function handoverOf(html: string): Handover | null {
  const open = `<script id="${SERVER_PAGE_ELEMENT_ID}" type="application/json">`;
  const start = html.indexOf(open);
  if (start === -1) return null;
  const body = html.slice(start + open.length, html.indexOf('</script>', start));
  return JSON.parse(body) as Handover;
}
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script id=/.exec(html)?.[1] ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** A published premium event with a price: its page shows it. */
const premiumEvent = () =>
  t.database.db
    .selectFrom('events')
    .select(['id', 'path', 'title', 'rate_cents'])
    .where('published', '=', true)
    .where('is_premium', '=', true)
    .where('rate_cents', '>', 0)
    .where('path', '!=', hostilePath)
    .orderBy('id')
    .executeTakeFirstOrThrow();

describe('a catalog page rendered on the server', () => {
  it('carries the markup, its own head and the handover it was rendered from, with a guest token that works', async () => {
    const event = await premiumEvent();
    const res = await t.app.inject({ url: `/events/${event.path}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;

    // The head is the page's, in place of the template's.
    expect(titleOf(html)).toBe(`${event.title} — AllAccess`);
    expect(html).not.toContain('Live music, every angle</title>');
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/events/${event.path}"`);

    // The markup is the event page itself, not the empty mount point; its CSS comes with it.
    const root = rootOf(html);
    expect(root).toContain(event.title);
    expect(root).toContain(`$${(event.rate_cents! / 100).toFixed(2)}`);
    expect(root).toContain('Broadcast Date');
    expect(html).toMatch(/<style data-emotion="css[^"]*">/);

    // The handover holds the state the markup came from: the event as the API answered it.
    const handover = handoverOf(html);
    expect(handover).not.toBeNull();
    const answers = JSON.stringify(Object.values(handover!.state.api.queries).map((q) => q.data));
    expect(answers).toContain(JSON.stringify(event.title));
    // A visitor without a token is handed one the API accepts.
    expect(handover!.guestToken).toEqual(expect.any(String));
    const cart = await t.app.inject({ url: '/v1/cart', headers: { authorization: `Bearer ${handover!.guestToken}` } });
    expect(cart.statusCode).toBe(200);
  });

  it("keeps the handover one JSON text when the catalog's words hold a closing script tag", async () => {
    const html = (await t.app.inject({ url: `/events/${hostilePath}`, headers: { accept: 'text/html' } })).body;
    // Read as the browser reads it, up to the first '</script>': the whole state, the title in it.
    expect(JSON.stringify(handoverOf(html)!.state)).toContain(JSON.stringify(HOSTILE));
    expect(titleOf(html)).toBe('Encore &lt;/script&gt;&lt;!-- and on — AllAccess');
  });

  it("names only this site's addresses in its share tags and pictures, whatever poster path the event holds", async () => {
    const res = await t.app.inject({ url: `/events/${elsewherePath}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const image = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1];
    expect(image('og:image')).toBe(`${t.config.publicUrl}/media/share/allaccess.jpg`);
    expect(image('twitter:image')).toBe(`${t.config.publicUrl}/media/share/allaccess.jpg`);
    // Nor a preload or picture in the markup (the handover keeps the event's data as it is).
    expect(head).not.toContain('evil.example');
    expect(rootOf(res.body)).not.toContain('evil.example');
  });

  it('answers an unknown event with the 404 page and status 404, rendered', async () => {
    const res = await t.app.inject({ url: '/events/no-such-show', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(titleOf(res.body)).toBe('Page Not Found — AllAccess');
    expect(rootOf(res.body)).toContain('Page Not Found');
    expect(res.body).toContain('<meta name="robots" content="noindex"');
  });
});

describe('a render', () => {
  it('lets go of its store: rendering pages again piles up no timers', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const event = await premiumEvent();
    const pages = ['/', '/events', `/events/${event.path}`];
    const renderAll = async () => {
      for (const url of pages)
        expect((await t.app.inject({ url, headers: { accept: 'text/html' } })).statusCode).toBe(200);
    };
    await renderAll(); // the server's own caches fill on the first round
    const before = timers();
    await renderAll();
    await renderAll();
    // A store kept alive by its answers' removal timers (an hour for the catalog's) adds one per answer,
    // some five a page; the server's own timers come and go by one or two.
    expect(timers() - before).toBeLessThan(pages.length * 2);
  });
});

describe("a page of this browser's own (the cart)", () => {
  it('is sent with its head only: no markup, no state, no token', async () => {
    const res = await t.app.inject({ url: '/cart', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(handoverOf(res.body)).toBeNull();
    expect(titleOf(res.body)).toMatch(/— AllAccess$/);
    expect(res.body).toContain('<meta name="robots" content="noindex"');
  });
});
