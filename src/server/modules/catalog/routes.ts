import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementResponse, assetResponse, blocksQuery, blocksResponse, carouselResponse, categoryListResponse,
  filterOnlyQuery, footerLinkResponse, listingResponse, pagedQuery, subscriptionResponse,
} from '../../../shared/contract/catalog';
import { dbId, idOrPathParam } from '../../../shared/contract/ids';
import { optionalCaller } from '../../plugins/caller';
import { withErrors } from '../../plugins/schemas';
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
const withNotModified = <T extends Record<number, unknown>>(r: T) => withErrors({ ...r, 304: z.null() });

export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (app, { service }) => {
  app.get('/carousel', {
    schema: { querystring: filterOnlyQuery, response: withNotModified({ 200: carouselResponse }) },
  }, async (req, reply) => sendCached(req, reply, await service.carousel(req.query.filter), PUBLIC_CACHE));

  app.get('/pagecategory', {
    schema: { querystring: pagedQuery, response: withNotModified({ 200: categoryListResponse }) },
  }, async (req, reply) => sendCached(req, reply, await service.categories(req.query.filter, req.query), PUBLIC_CACHE));

  app.get('/pagecategory/listing', {
    schema: { querystring: pagedQuery, response: withNotModified({ 200: listingResponse }) },
  }, async (req, reply) => sendCached(req, reply, await service.listing(req.query.filter, req.query), PUBLIC_CACHE));

  app.get('/pagecategory/:categoryId/events', {
    schema: { params: keyParam('categoryId'), querystring: blocksQuery, response: withNotModified({ 200: blocksResponse }) },
  }, async (req, reply) => {
    const { categoryId } = req.params as { categoryId: string };
    return sendCached(req, reply, await service.blocks(categoryId, req.query.offset, req.query.limit), PUBLIC_CACHE);
  });

  app.get('/asset/:id', {
    schema: { params: keyParam('id'), response: withNotModified({ 200: assetResponse }) },
  }, async (req, reply) => {
    const { id } = req.params as { id: string };
    return sendCached(req, reply, await service.asset(id, optionalCaller(req)), PER_CALLER);
  });

  app.get('/subscription/:id', {
    schema: { params: idParam, response: withNotModified({ 200: subscriptionResponse }) },
  }, async (req, reply) => sendCached(req, reply, await service.subscription(req.params.id), PUBLIC_CACHE));

  app.get('/agreement/:id', {
    schema: { params: idParam, response: withNotModified({ 200: agreementResponse }) },
  }, async (req, reply) => sendCached(req, reply, await service.agreement(req.params.id), PUBLIC_CACHE));

  app.get('/footerlink/:id', {
    schema: { params: idParam, response: withNotModified({ 200: footerLinkResponse }) },
  }, async (req, reply) => sendCached(req, reply, await service.footerLink(req.params.id), PUBLIC_CACHE));
};
