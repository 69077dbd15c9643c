import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { apiReferenceRoutes } from './apiReferenceRoutes';
import { mediaPlugin } from './media';
import { webPlugin } from './static';

type WebMountNeeds = { auth: { guestTokens: { issueGuestToken(ip: string): Promise<string> } } };

/**
 * The web app's own files, mounted last: the API reference (outside production), the public media
 * folder, then the client's build with its server-rendered pages and the not-found answer. The web
 * module builds no service of its own, so it has no webModule().
 */
export async function mountWeb(app: FastifyInstance, services: WebMountNeeds, config: AppConfig) {
  if (config.env !== 'production')
    await app.register(apiReferenceRoutes, { proxyDeclared: config.trustedProxies.length > 0 });
  await app.register(mediaPlugin, { mediaDir: config.mediaDir });
  await app.register(webPlugin, {
    distDir: config.clientDistDir,
    publicUrl: config.publicUrl,
    issueGuestToken: (ip) => services.auth.guestTokens.issueGuestToken(ip),
  });
}
