import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { SettingsRepositories } from './repositories';
import { publicConfigRoutes, settingsRoutes } from './routes';
import { createSettingsService } from './service';

/** The site's settings: the public ones (/misc/data) and the client's runtime config (/v1/public/config). */
export function settingsModule(needs: { uow: UnitOfWork<SettingsRepositories> }) {
  return { publicSettings: createSettingsService(needs.uow.repos.settings) };
}
export type SettingsModule = ReturnType<typeof settingsModule>;

export async function mountSettings(app: FastifyInstance, services: { settings: SettingsModule }, config: AppConfig) {
  await app.register(settingsRoutes, { service: services.settings.publicSettings });
  await app.register(publicConfigRoutes, {
    prefix: '/v1',
    config: {
      newsletterEmbedUrl: config.newsletterEmbedUrl,
      googleClientId: config.googleClientId,
      payments:
        config.payments.provider === 'stripe'
          ? { provider: 'stripe', publishableKey: config.payments.publishableKey }
          : { provider: 'sandbox', publishableKey: null },
    },
  });
}
