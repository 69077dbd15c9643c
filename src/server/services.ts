import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { createUnitOfWork } from './db/unitOfWork';
import { authModule } from './modules/auth/module';
import { calendarModule } from './modules/calendar/module';
import { cartModule } from './modules/cart/module';
import { catalogModule } from './modules/catalog/module';
import { couponAdminModule } from './modules/couponAdmin/module';
import { eventAdminModule } from './modules/eventAdmin/module';
import { guaranteeModule } from './modules/guarantee/module';
import type { HealthModule } from './modules/health/module';
import { identityModule } from './modules/identity/module';
import { liveModule } from './modules/live/module';
import { mailModule } from './modules/mail/module';
import type { Mailer } from './modules/mail/mailer';
import { newsletterModule } from './modules/newsletter/module';
import { ordersModule } from './modules/orders/module';
import { organizersModule } from './modules/organizers/module';
import { paymentsModule } from './modules/payments/module';
import { profileModule } from './modules/profile/module';
import { receiptsModule } from './modules/receipts/module';
import { salesModule } from './modules/sales/module';
import { settingsModule } from './modules/settings/module';
import { streamsModule } from './modules/streams/module';
import { waitlistModule } from './modules/waitlist/module';
import { createRepositories } from './repositories';

export type ServiceDeps = {
  database: Database;
  log: FastifyBaseLogger;
  /** The shared limits' Redis (REDIS_URL), or null; /readyz pings it. */
  redis: Redis | null;
  /** Clock for tokens, codes, coupons; tests move it. */
  now?: () => number;
  /** Mail transport (tests); otherwise SMTP or the outbox, from the config. */
  mailer?: Mailer;
  /** Counters for /metrics (built by app.ts before any route: its request hook counts into them). */
  health: HealthModule;
};

/**
 * Every module of the product, built once from the config and the database, in the order their
 * needs give: each modules/<name>/module.ts says what it needs and what it offers. HTTP routes use
 * them (routes.ts), and so can anything else that is not HTTP: a webhook, a CLI, a job.
 */
export function buildServices(config: AppConfig, deps: ServiceDeps) {
  const { database, log, health } = deps;
  const { metrics } = health;
  const now = deps.now;
  const uow = createUnitOfWork(database.db, createRepositories);
  const core = {
    database,
    uow,
    redis: deps.redis,
    /** The clock every service reads (tests set it). */ now: now ?? Date.now,
  };

  const auth = authModule({ uow, now }, config);
  const mail = mailModule({ uow, log, mailer: deps.mailer }, config);
  const { mailer } = mail;
  const payments = paymentsModule({ uow, log, keys: auth.keys, now }, config);
  const calendar = calendarModule({ uow, mailer, log }, config);
  const orders = ordersModule({ uow, log, now, mailer, payments, calendar: calendar.invites, metrics }, config);
  const identity = identityModule(
    { uow, mailer, auth, onSignedIn: (user) => orders.transfers.claimPending(user), now },
    config,
  );
  const organizers = organizersModule({ uow });
  const catalog = catalogModule({ database, entitlements: orders.entitlements, now }, config);
  const streams = streamsModule(
    {
      database,
      uow,
      log,
      keys: auth.keys,
      entitlements: orders.entitlements,
      // Both are built below (live needs the streams' session gate); a stream config asks them per request.
      liveFeeds: (eventId) => live.configFeeds(eventId),
      replayUntil: (userId, eventId) => guarantee.judge.replayUntil(userId, eventId),
      now,
    },
    config,
  );
  const live = liveModule(
    {
      database,
      uow,
      log,
      keys: auth.keys,
      onCatalogChanged: () => catalog.cache.invalidate(),
      viewingGate: streams.viewingGate,
      streamRepo: streams.repo,
      now,
    },
    config,
  );
  const guarantee = guaranteeModule(
    { uow, mailer, log, settleShow: (eventId) => live.feeds.playback(eventId), refunds: orders.refunds, now },
    config,
  );
  return {
    core,
    health,
    auth,
    mail,
    payments,
    calendar,
    orders,
    identity,
    profile: profileModule({ uow }),
    organizers,
    cart: cartModule({ uow, orderedCart: orders.reads.orderedCart, now }, config),
    catalog,
    // The console's events: a change lets this process's catalog cache go at once (others within the bound).
    eventAdmin: eventAdminModule(
      {
        uow,
        onCatalogChanged: () => catalog.cache.invalidate(),
        onAirDateMoved: (eventId) => calendar.invites.announceNewDate(eventId),
        now,
      },
      config,
    ),
    couponAdmin: couponAdminModule({ uow, now }),
    sales: salesModule({ uow, organizers: organizers.roles }),
    waitlist: waitlistModule({ uow, mailer, log, now }, config),
    receipts: receiptsModule({ uow }),
    settings: settingsModule({ uow }),
    newsletter: newsletterModule({ uow }),
    streams,
    live,
    guarantee,
  };
}
export type Services = ReturnType<typeof buildServices>;
