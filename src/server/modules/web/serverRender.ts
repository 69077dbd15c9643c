import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_PAGE_ELEMENT_ID, type RenderPage, type ServerPageHandover } from '../../../shared/serverRender';

/** A page as sent: the HTML and its status (404 for the 404 page, so crawlers see no soft 404). */
export type SentPage = { html: string; status: number };

/** Where the API answers of a server render come from: this very app, in process. */
const INTERNAL_ORIGIN = 'http://storefront.internal';

/**
 * The render bundle beside the client build (dist-ssr/render.js, webpack.config.ts), or null when
 * there is none (API tests, a build without it).
 */
export function loadPageRenderer(distDir: string): RenderPage | null {
  const file = path.join(path.dirname(distDir), 'dist-ssr', 'render.js');
  if (!fs.existsSync(file)) return null;
  return (require(file) as { renderPage: RenderPage }).renderPage;
}

/** Which files each named chunk loads (written by webpack.config.ts's ChunkGroupsFilePlugin). */
function readChunkGroups(distDir: string): Record<string, string[]> {
  try {
    return (
      JSON.parse(fs.readFileSync(path.join(distDir, 'chunk-groups.json'), 'utf8')) as {
        groups: Record<string, string[]>;
      }
    ).groups;
  } catch {
    return {};
  }
}

/** The empty mount point of index.html (minified or not). */
const ROOT_ELEMENT = /<div id="?root"?><\/div>/;
/** index.html's own title and description: the page's head takes their place. */
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/;
const TEMPLATE_DESCRIPTION = /<meta\b(?=[^>]*\bname="?description"?)[^>]*>/;
/** React's preload of an image marked fetchPriority="high": the first screen's largest picture. */
const FIRST_IMAGE_PRELOAD = /<link rel="preload"(?=[^>]*\bas="image")(?=[^>]*\bfetchPriority="high")[^>]*\/?>/;
const FIRST_SCRIPT = /<script\b/;

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Sends a screen as HTML: its head (title, description, canonical address, share tags, schema.org
 * data) and status, the app's markup in #root, the CSS of what was rendered in <head>, the
 * first screen's images preloaded, and beside it the state it was rendered from (with a fresh guest
 * token for a visitor who has none), from which the browser hydrates (src/client/main.tsx). A screen
 * the browser renders from its own storage is sent empty as before, with its head.
 * The API answers come from the app itself through `inject`, as the visitor's own requests would
 * (same routes, limits, caching rules); the render is skipped, and index.html sent as before, for
 * screens that are not server-rendered or when anything goes wrong.
 */
export function createServerRender(
  app: FastifyInstance,
  deps: {
    render: RenderPage;
    issueGuestToken: (ip: string) => Promise<string>;
    distDir: string;
    publicUrl: string;
  },
) {
  const chunkFiles = readChunkGroups(deps.distDir);
  const withHead = (template: string, head: string) =>
    template.replace(TEMPLATE_DESCRIPTION, '').replace(TEMPLATE_TITLE, () => head);
  return async (request: FastifyRequest, template: string): Promise<SentPage | null> => {
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const req = new Request(input, init);
      const url = new URL(req.url);
      const res = await app.inject({
        method: req.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(req.headers),
        remoteAddress: request.ip,
        ...(req.body ? { payload: Buffer.from(await req.arrayBuffer()) } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        if (value !== undefined) headers.set(name, String(value));
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
    };
    const page = await deps.render(request.url, {
      serverFetch: { origin: INTERNAL_ORIGIN, fetchFn },
      // Only a page rendered here needs one (a page the browser renders gets its own when it starts).
      guestToken: () => deps.issueGuestToken(request.ip),
      siteOrigin: deps.publicUrl,
    });
    if (!page) return null;
    if (page.html === null) return { html: withHead(template, page.head), status: page.status };
    // The page's own chunks come with the entry instead of after it has run, at the low priority of
    // the entry's deferred scripts: at the default (high) they raced the first screen's picture.
    const preloads = page.chunks
      .flatMap((chunk) => chunkFiles[chunk] ?? [])
      .map((file) => `<link rel="preload" as="script" fetchpriority="low" href="/${attr(file)}">`)
      .join('');
    const handover: ServerPageHandover = { state: page.state, guestToken: page.guestToken };
    const handoverJson = scriptSafeJson(handover);
    const handoverScript = `<script id="${SERVER_PAGE_ELEMENT_ID}" type="application/json">${handoverJson}</script>`;
    // React puts the largest picture's preload in the body, after the head's scripts: a copy goes
    // ahead of them, so the phone fetches the picture the first screen is judged by (LCP) first.
    const firstImage = FIRST_IMAGE_PRELOAD.exec(page.html)?.[0] ?? '';
    const html = withHead(template, page.head)
      .replace(FIRST_SCRIPT, (script) => `${firstImage}${script}`)
      .replace('</head>', `${preloads}${page.styleTags}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>${handoverScript}`);
    return { html, status: page.status };
  };
}
