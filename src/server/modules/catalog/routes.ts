import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementResponse,
  assetResponse,
  blocksQuery,
  blocksResponse,
  carouselQuery,
  carouselResponse,
  categoriesQuery,
  categoryListResponse,
  footerLinkResponse,
  listingQuery,
  listingResponse,
  subscriptionResponse,
} from '../../../shared/contract/catalog';
import { dbId, idOrPathParam } from '../../../shared/contract/ids';
import { optionalCaller } from '../../platform/callerIdentity';
import { refusal, withErrors } from '../../platform/schemas';
import type { CachedBody } from './readCache';
import type { CatalogService } from './service';

/**
 * Shared catalog answers are the same whatever token is sent, so they carry no `Vary: Authorization`:
 * browsers, CDNs and the service worker keep one copy a minute and revalidate with the ETag.
 */
const PUBLIC_CACHE = { cacheControl: 'public, max-age=60, stale-while-revalidate=300' } as const;
/** The event page's answer depends on the caller (canUserWatchAsset): private, and varies with the token. */
const PER_CALLER = { cacheControl: 'private, no-cache', vary: 'Authorization' } as const;

type CachePolicy = { cacheControl: string; vary?: string };

/** The content codings cached answers carry, best first; a browser's Accept-Encoding picks one. */
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody, policy: CachePolicy) {
  void reply.header('etag', body.etag).header('cache-control', policy.cacheControl);
  const vary = [policy.vary, body.br ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  if (vary) void reply.header('vary', vary);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === body.etag)) return reply.status(304).send();
  void reply.type('application/json; charset=utf-8');
  // Serialized and compressed once when cached: sent as they are (compress leaves an encoded body alone).
  const encoding = body.br ? encodings.negotiate(request.headers['accept-encoding'] ?? '') : null;
  if (encoding) return reply.header('content-encoding', encoding).send(body[encoding]);
  return reply.serializer((p: string) => p).send(body.json);
}

const idParam = z.strictObject({ id: dbId });
const keyParam = (name: string) => z.strictObject({ [name]: idOrPathParam });
const withNotModified = <T extends Record<number, unknown>>(r: T, ...refusals: 404[]) =>
  withErrors({ ...r, 304: z.null() }, ...refusals);
/** A list paged by cursor: a cursor is opaque, so one this server never gave is refused. */
const pagedAnswer = <T extends Record<number, unknown>>(r: T, ...refusals: 404[]) =>
  withErrors(
    { ...r, 304: z.null() },
    refusal(400, 'Also a `cursor` this server did not give: it is opaque, the `nextCursor` of the page before.'),
    ...refusals,
  );
/** How every shared catalog answer is cached, in the API document's words. */
const SHARED =
  `The same answer for every caller: a strong \`ETag\` (\`If-None-Match\` gives a 304) and ` +
  `\`Cache-Control: ${PUBLIC_CACHE.cacheControl}\`.`;

export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (app, { service }) => {
  app.get(
    '/carousel',
    {
      schema: {
        summary: 'The hero slides of the home page',
        description:
          'The hero slides, for example `GET /v1/carousel?filter={"deviceTypeId":"1","languageId":"1"}`. Each slide ' +
          'has ' +
          `\`asset[0]\`, the event, with its path, venue, location and air date. ${SHARED}`,
        tags: ['catalog'],
        querystring: carouselQuery,
        response: withNotModified({ 200: carouselResponse }),
      },
    },
    async (req, reply) => sendCached(req, reply, await service.carousel(), PUBLIC_CACHE),
  );

  app.get(
    '/pagecategory',
    {
      schema: {
        summary: 'The categories of a page',
        description:
          'The categories of a page, for example ' +
          '`GET /v1/pagecategory?filter={"path":1,"type":"primary_navigation"}&start=0&limit=20`: page 1 is the home ' +
          "page's rows, " +
          `page 2 the category pages. ${SHARED}`,
        tags: ['catalog'],
        querystring: categoriesQuery,
        response: pagedAnswer({ 200: categoryListResponse }),
      },
    },
    async (req, reply) => sendCached(req, reply, await service.categories(req.query.filter, req.query), PUBLIC_CACHE),
  );

  app.get(
    '/pagecategory/listing',
    {
      schema: {
        summary: 'A category with a page of its events',
        description:
          'For example `GET /v1/pagecategory/listing?filter={"path":"on-demand"}&start=0&limit=7`. `data[0]` is the ' +
          'category, ' +
          'with its events in `data` and `nextCursor` for the next page, asked for with `&cursor=…` (paging is ' +
          'keyset: `start` ' +
          `stays 0). ${SHARED}`,
        tags: ['catalog'],
        querystring: listingQuery,
        response: pagedAnswer({ 200: listingResponse }, 404),
      },
    },
    async (req, reply) => sendCached(req, reply, await service.listing(req.query.filter, req.query), PUBLIC_CACHE),
  );

  app.get(
    '/pagecategory/:categoryId/events',
    {
      schema: {
        summary: 'The blocks of a category',
        description:
          'The blocks `{title, description, data}` of a category named by id or path, paged by `offset` and `limit` ' +
          `(for example \`?offset=0&limit=50\`). A category without blocks is answered as one block. ${SHARED}`,
        tags: ['catalog'],
        params: keyParam('categoryId'),
        querystring: blocksQuery,
        response: withNotModified({ 200: blocksResponse }, 404),
      },
    },
    async (req, reply) => {
      const { categoryId } = req.params as { categoryId: string };
      return sendCached(req, reply, await service.blocks(categoryId, req.query.offset, req.query.limit), PUBLIC_CACHE);
    },
  );

  app.get(
    '/asset/:id',
    {
      schema: {
        summary: 'An event, and whether the caller may watch it',
        description:
          'The event named by id or path in `data[0]`, with `canUserWatchAsset` (and `soldOut`) for this caller. The ' +
          'answer ' +
          `depends on the caller: a strong \`ETag\` (\`If-None-Match\` gives a ` +
          `304), \`Cache-Control: ${PER_CALLER.cacheControl}\` and \`Vary: ${PER_CALLER.vary}\`.`,
        tags: ['catalog'],
        params: keyParam('id'),
        response: withNotModified({ 200: assetResponse }, 404),
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendCached(req, reply, await service.asset(id, optionalCaller(req)), PER_CALLER);
    },
  );

  app.get(
    '/subscription/:id',
    {
      schema: {
        summary: 'What a pass includes',
        description: `What a pass (subscription) includes; 404 when there is no such pass. ${SHARED}`,
        tags: ['catalog'],
        params: idParam,
        response: withNotModified({ 200: subscriptionResponse }, 404),
      },
    },
    async (req, reply) => sendCached(req, reply, await service.subscription(req.params.id), PUBLIC_CACHE),
  );

  app.get(
    '/agreement/:id',
    {
      schema: {
        summary: 'The terms or the privacy policy',
        description:
          `An agreement: 3 is the terms, 2 the privacy policy; 404 when there is no such ` + `agreement. ${SHARED}`,
        tags: ['catalog'],
        params: idParam,
        response: withNotModified({ 200: agreementResponse }, 404),
      },
    },
    async (req, reply) => sendCached(req, reply, await service.agreement(req.params.id), PUBLIC_CACHE),
  );

  app.get(
    '/footerlink/:id',
    {
      schema: {
        summary: 'Footer links',
        description: `The footer link with that id; 404 when there is none. ${SHARED}`,
        tags: ['catalog'],
        params: idParam,
        response: withNotModified({ 200: footerLinkResponse }, 404),
      },
    },
    async (req, reply) => sendCached(req, reply, await service.footerLink(req.params.id), PUBLIC_CACHE),
  );
};
