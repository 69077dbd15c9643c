import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { mountAuth } from './modules/auth/module';
import { mountCalendar } from './modules/calendar/module';
import { mountCart } from './modules/cart/module';
import { mountCatalog } from './modules/catalog/module';
import { mountCouponAdmin } from './modules/couponAdmin/module';
import { mountEventAdmin } from './modules/eventAdmin/module';
import { mountGuarantee } from './modules/guarantee/module';
import { mountHealth } from './modules/health/module';
import { mountIdentity } from './modules/identity/module';
import { mountLive } from './modules/live/module';
import { mountMail } from './modules/mail/module';
import { mountNewsletter } from './modules/newsletter/module';
import { mountOrders } from './modules/orders/module';
import { mountOrganizers } from './modules/organizers/module';
import { mountPayments } from './modules/payments/module';
import { mountProfile } from './modules/profile/module';
import { mountReceipts } from './modules/receipts/module';
import { mountSales } from './modules/sales/module';
import { mountSettings } from './modules/settings/module';
import { mountStreams } from './modules/streams/module';
import { mountWaitlist } from './modules/waitlist/module';
import { mountWeb } from './modules/web/module';
import type { Services } from './services';

/**
 * Every module's routes, over the services (services.ts); the app's plugins are registered before.
 * Each mount<Module> (modules/<name>/module.ts) registers its routes with their options and limits.
 * The order matters twice: the guarantee's response hook sees only the routes mounted after it (the
 * watching path: live and streams), and the web app comes last (its pages and the not-found answer).
 */
export async function registerRoutes(app: FastifyInstance, services: Services, config: AppConfig): Promise<void> {
  await mountAuth(app, services, config);
  await mountIdentity(app, services, config);
  await mountProfile(app, services);
  await mountCart(app, services, config);
  await mountOrders(app, services, config);
  await mountOrganizers(app, services);
  await mountEventAdmin(app, services, config);
  await mountCouponAdmin(app, services, config);
  await mountSales(app, services);
  await mountWaitlist(app, services, config);
  await mountGuarantee(app, services, config);
  await mountLive(app, services, config);
  await mountStreams(app, services, config);
  await mountPayments(app, services, config);
  await mountMail(app, services, config);
  await mountSettings(app, services, config);
  await mountNewsletter(app, services, config);
  await mountCatalog(app, services, config);
  await mountCalendar(app, services);
  await mountReceipts(app, services);
  await mountHealth(app, services, config);
  await mountWeb(app, services, config);
}
