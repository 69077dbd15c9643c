import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_PATH_PREFIXES } from '../../../shared/constants';
import { answerNoRoute, isServerAddress } from '../../platform/routeMethods';
import { createServerRender, loadPageRenderer } from './serverRender';

/** Paths that belong to the API or the media server: an unknown one is a JSON 404, never the app. */
const NON_APP_PREFIXES: readonly string[] = SERVER_PATH_PREFIXES;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Hashed assets never change; icons may change with a release (a day); the manifest revalidates each
 * time; index.html and sw.js are never cached, so a deploy reaches every visitor on the next load.
 */
function cacheControlFor(rel: string): string {
  if (rel.startsWith('assets/')) return `public, max-age=${YEAR_SECONDS}, immutable`;
  if (rel.startsWith('icons/')) return 'public, max-age=86400';
  if (rel === 'manifest.webmanifest') return 'no-cache';
  return 'no-store';
}

/** A client route: not an API or media path, and not a file name (`/sw.js.map`, `/logo.png`). */
const isAppRoute = (url: string) => {
  const pathname = url.split('?')[0]!;
  if (/\.[A-Za-z0-9]+$/.test(pathname) || isServerAddress(pathname)) return false;
  return !NON_APP_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
};

/**
 * Serves the webpack build: hashed files under /assets/ are immutable for a year; index.html and
 * the service worker are never cached, so a deploy reaches every visitor on the next load. Every
 * other GET that wants HTML gets index.html: the app's router decides (and shows its 404 page).
 */
export const webPlugin = fp<{ distDir: string; publicUrl: string; issueGuestToken: (ip: string) => Promise<string> }>(
  async (app, { distDir, publicUrl, issueGuestToken }) => {
    const indexFile = path.join(distDir, 'index.html');
    const built = fs.existsSync(indexFile);
    const renderer = built ? loadPageRenderer(distDir) : null;
    const serverRender = renderer
      ? createServerRender(app, { render: renderer, issueGuestToken, distDir, publicUrl })
      : null;
    // Read once: a build replaces it only with a restart (`npm run dev` renders no pages on the server).
    const template = built ? fs.readFileSync(indexFile, 'utf8') : '';
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        // Wildcard lookups (not a route per file at start) so a rebuild in `npm run dev` is served at once.
        wildcard: true,
        index: false,
        // The build's .br and .gz copies (compressed once, at best quality) go out as they are.
        preCompressed: true,
        cacheControl: false,
        // Source maps would hand out our source: production builds make none, and none is ever served.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders(reply, filePath) {
          // A compressed copy (x.js.br) is cached as the file it stands for.
          const rel = path
            .relative(distDir, filePath)
            .split(path.sep)
            .join('/')
            .replace(/\.(br|gz)$/, '');
          reply.header('cache-control', cacheControlFor(rel));
        },
      });
    } else {
      app.log.warn({ distDir }, 'client build not found: run `npm run build` (API only until then)');
    }

    const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!built) {
        return reply
          .status(503)
          .type('text/plain')
          .header('cache-control', 'no-store')
          .send('The storefront has not been built yet. Run `npm run build` (or `npm run dev` while developing).');
      }
      void reply.header('cache-control', 'no-store');
      const rendered =
        serverRender && (request.method === 'GET' || request.method === 'HEAD')
          ? await serverRender(request, template).catch((err: unknown) => {
              request.log.error({ err }, 'server render failed: sending the page to be rendered in the browser');
              return null;
            })
          : null;
      return rendered
        ? reply.status(rendered.status).type('text/html; charset=utf-8').send(rendered.html)
        : reply.sendFile('index.html');
    };

    app.get('/', { config: { auth: 'none' } }, sendApp);

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && isAppRoute(request.url)) {
        return sendApp(request, reply);
      }
      return answerNoRoute(request, reply);
    });
  },
);
