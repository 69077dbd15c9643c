import type { FastifyPluginAsync } from 'fastify';
import type { CatalogService } from './service';
import { sitemapXml } from './sitemap';

/** Pages crawlers may not fetch: each visitor's own (and noindex anyway), the mailbox, the sandbox bank. */
const PRIVATE_PREFIXES = [
  '/cart',
  '/checkout',
  '/profile',
  '/order/',
  '/order-confirmation/',
  '/player/',
  '/make-good/',
];
const SERVER_ONLY = ['/dev/', '/payments/'];

/**
 * /robots.txt and /sitemap.xml, for search engines: which pages to leave alone and where the sitemap
 * is; every public page with its last change (sitemap.ts). The sitemap is revalidated on each use
 * (its ETag changes with the catalog), so a catalog import reaches crawlers at once.
 */
export const crawlerRoutes: FastifyPluginAsync<{ service: CatalogService; publicUrl: string }> = async (
  app,
  { service, publicUrl },
) => {
  const robots = [
    'User-agent: *',
    ...[...PRIVATE_PREFIXES, ...SERVER_ONLY].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  app.get('/robots.txt', { config: { auth: 'none' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );

  // The XML of the newest catalog, made once per catalog version.
  let built: { etag: string; xml: string } | null = null;
  app.get('/sitemap.xml', { config: { auth: 'none' } }, async (request, reply) => {
    const { urls, etag } = await service.sitemap(publicUrl);
    if (built?.etag !== etag) built = { etag, xml: sitemapXml(urls) };
    void reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/xml; charset=utf-8').send(built.xml);
  });
};
