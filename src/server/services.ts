import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { createUnitOfWork } from './db/unitOfWork';
import { deriveKeys } from './modules/auth/keys';
import { createAuthService } from './modules/auth/service';
import { createTokenService } from './modules/auth/tokens';
import { createCartService } from './modules/cart/service';
import { createReadCache } from './modules/catalog/readCache';
import { createCatalogRepository } from './modules/catalog/repository';
import { createCatalogService } from './modules/catalog/service';
import { shareImageFinder } from './modules/catalog/shareImage';
import { createGoogleVerifier } from './modules/identity/google';
import { createIdentityService } from './modules/identity/service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createMiscService } from './modules/misc/service';
import { createCalendarService } from './modules/calendar/service';
import { createReceiptService } from './modules/receipts/service';
import { createCheckoutService } from './modules/orders/checkoutService';
import { createOrderConfirmer } from './modules/orders/confirmationMail';
import { createEntitlements } from './modules/orders/entitlements';
import { createOrderService } from './modules/orders/orderService';
import { createOrganizerService } from './modules/organizers/service';
import { createEventAdminService } from './modules/eventAdmin/service';
import { createImageService } from './modules/eventAdmin/imageService';
import { createCouponAdminService } from './modules/couponAdmin/service';
import { createRefundService } from './modules/orders/refundService';
import { createCancelService } from './modules/orders/cancelService';
import { createTransferService } from './modules/orders/transferService';
import { createSalesService } from './modules/sales/service';
import { createPaymentProvider } from './modules/payments/createProvider';
import { createProfileService } from './modules/profile/service';
import { createProtectedMedia } from './modules/streams/protectedMedia';
import { createStreamRepository } from './modules/streams/repository';
import { createStreamService } from './modules/streams/service';
import { createMediaSigner, premiumMediaUrlSeconds } from './modules/streams/urlSigner';
import { createViewingSessionGate } from './modules/streams/viewingSessionGate';
import { createViewingSessions } from './modules/streams/viewingSessionService';
import { createPlaybackQuality } from './modules/streams/playbackQualityService';
import { createGuarantee } from './modules/guarantee/service';
import { guaranteeRefund } from './modules/guarantee/guaranteeRefund';
import { createPlayRefusals } from './modules/guarantee/playRefusals';
import { createTtlCache, createLastKnown } from './platform/ttlCache';
import { isDatabaseUnreachable } from './platform/databaseErrors';
import { createOutageRecord } from './platform/outageRecord';
import { createViewingEntitlements } from './modules/streams/viewingEntitlement';
import { createIngestHooks } from './modules/live/ingestHooks';
import { createLiveControlRoom } from './modules/live/controlRoom';
import { createFeedProbe } from './modules/live/feedProbe';
import { createLiveMedia, LIVE_FEED_FILE, liveMediaDir } from './modules/live/liveMedia';
import { createLiveRepository } from './modules/live/repository';
import { createLiveService } from './modules/live/service';
import type { Metrics } from './modules/health/metrics';
import { createRepositories } from './repositories';
import { createWaitlistService } from './modules/waitlist/service';

export type ServiceDeps = {
  database: Database;
  log: FastifyBaseLogger;
  /** Clock for tokens, codes, coupons; tests move it. */
  now?: () => number;
  /** Mail transport (tests); otherwise SMTP or the outbox, from the config. */
  mailer?: Mailer;
  /** Counters for /metrics. */
  metrics: Metrics;
};

/**
 * Every service of the product, built once from the config and the database. HTTP routes use them
 * (routes.ts), and so can anything else that is not HTTP: a webhook, a CLI, a job.
 */
export function buildServices(config: AppConfig, deps: ServiceDeps) {
  const { database, log, metrics } = deps;
  const clock = deps.now ? { now: deps.now } : {};
  const uow = createUnitOfWork(database.db, createRepositories);
  const keys = deriveKeys(config.jwtSecret);
  const tokens = createTokenService(keys.tokenSigning, deps.now);
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: uow.repos.outbox, log });
  // A fan's ticket handed on to an address: claimed by its account at once, or at its sign-up or sign-in.
  const transfers = createTransferService({ uow, mailer, publicUrl: config.publicUrl, log, ...clock });
  const identity = createIdentityService({
    onSignedIn: (user) => transfers.claimPending(user),
    uow,
    tokens,
    mailer,
    google: createGoogleVerifier({ clientId: config.googleClientId, apiBase: config.googleApiBase }),
    codeKey: keys.codeHashing,
    limits: config.limits,
    ...clock,
  });
  const entitlements = createEntitlements({ uow });
  // Calendar files: the event page's, the confirmation's, and the update when an air date moves.
  const calendar = createCalendarService({
    uow,
    mailer,
    publicUrl: config.publicUrl,
    liveMinutes: config.streams.liveMinutes,
    log,
  });
  const catalogRepo = createCatalogRepository(database.db);
  const catalogCache = createReadCache(() => catalogRepo.catalogVersion(), {
    checkEveryMs: config.limits.catalogVersionCheckMs,
    maxBytes: config.limits.catalogCacheBytes,
  });
  const payments = createPaymentProvider(config, { uow, log, webhookSecret: keys.sandboxWebhook, ...clock });
  // The console's refunds; the reconciliation job finishes the ones the provider has not done yet.
  const refunds = createRefundService({
    uow,
    provider: payments.provider,
    mailer,
    log,
    onRefunded: () => metrics.orderRefunds.inc(),
    ...clock,
  });
  const checkout = createCheckoutService({
    uow,
    liveMinutes: config.streams.liveMinutes,
    finishOrderRefunds: () => refunds.finishPending(),
    provider: payments.provider,
    log,
    confirmOrder: countedOrders(
      metrics,
      createOrderConfirmer({ uow, mailer, publicUrl: config.publicUrl, log, calendar }),
    ),
    onRefunded: () => metrics.refunds.inc(),
    ...clock,
  });
  const streamRepo = createStreamRepository(database.db);
  const mediaSigner = createMediaSigner(keys.mediaSigning);
  // The sandbox delivers its payment events in process, as Stripe would post them to the webhook.
  payments.sandbox?.onEvent(async (event) => {
    await checkout.handleEvent(event);
  });
  // A ticket's signed entitlement and an outage session's key: what lets a ticket holder in while the database is down.
  const vouchers = createViewingEntitlements(keys.viewingEntitlement, deps.now);
  const outages = createOutageRecord(deps.now);
  const viewingSessions = createViewingSessions({
    uow,
    entitlements,
    vouchers,
    outageKey: keys.outageSessions,
    outages,
    config: config.viewing,
    log,
    ...clock,
  });
  const orders = createOrderService({ uow });
  const live = createLiveService({
    repo: createLiveRepository(database.db),
    settings: config.live,
    srtKey: keys.srtPassphrases,
    relayKey: keys.ingestControl,
    ...clock,
  });
  const now = deps.now ?? Date.now;
  // A live player asks for nine playlists a second: a feed's state is read once a second per process.
  // During an outage the state read last stands: the show plays on (docs/decisions.md "Outages").
  const livePlayback = createTtlCache({
    ttlMs: 1000,
    max: 10_000,
    now,
    load: (id: number) => live.playback(id),
    staleOnError: isDatabaseUnreachable,
  });
  // Every live viewer's player asks for the show's state once a second: one read per event and second.
  const liveStates = createTtlCache({
    ttlMs: 1000,
    max: 10_000,
    now,
    load: (key: string) => live.publicState(key),
    staleOnError: isDatabaseUnreachable,
  });
  // A stream config reads the show's state afresh (an ended show replays at once), kept for an outage.
  const liveShowForConfig = createLastKnown({
    max: 10_000,
    now,
    load: (id: number) => live.playback(id),
  });
  // A live segment's event facts, read afresh per request but kept for an outage.
  const liveEventFacts = createLastKnown({
    max: 10_000,
    now,
    load: async (id: number) => {
      const row = await streamRepo.mediaFacts(id);
      return row ? { premium: row.is_premium, airStart: row.air_start_date } : null;
    },
  });
  const viewingGate = createViewingSessionGate({
    repo: uow.repos.viewingSessions,
    heartbeatSeconds: config.viewing.heartbeatSeconds,
    now: deps.now,
    outages,
  });
  // The guaranteed view: the judge of ended shows and the make-good (refund through the one refund writer).
  const guarantee = createGuarantee({
    uow,
    mailer,
    log,
    publicUrl: config.publicUrl,
    liveMinutes: config.streams.liveMinutes,
    settleShow: (eventId) => live.playback(eventId),
    refund: guaranteeRefund(refunds, uow),
    ...clock,
  });
  const ingestHooks = createIngestHooks();
  return {
    database,
    metrics,
    payments,
    checkout,
    orders,
    uow,
    tokens,
    mailer,
    identity,
    entitlements,
    calendar,
    // An order's printable receipt, for its owner.
    receipts: createReceiptService({ uow }),
    auth: createAuthService({
      repo: uow.repos.guests,
      tokens,
      guestTokenTtlSeconds: config.limits.guestTokenTtlSeconds,
    }),
    profile: createProfileService({ uow }),
    organizers: createOrganizerService({ uow }),
    // The console's events: a change lets this process's catalog cache go at once (others within the bound).
    eventAdmin: createEventAdminService({
      uow,
      onCatalogChanged: () => catalogCache.invalidate(),
      // A new air date: every ticket holder is mailed the updated calendar file, after the change committed.
      onAirDateMoved: (eventId) => calendar.announceNewDate(eventId),
      ...clock,
    }),
    images: createImageService({ uow, decodesAtOnce: config.limits.imageDecodesAtOnce }),
    couponAdmin: createCouponAdminService({ uow, ...clock }),
    // The console's live control room: keys, start, end and the viewers' message, each audited.
    liveControl: createLiveControlRoom({
      uow,
      settings: config.live,
      srtKey: keys.srtPassphrases,
      hooks: ingestHooks,
      probe: createFeedProbe({
        liveDir: config.live.dir,
        ffmpeg: config.live.engines.ffmpeg,
        ffprobe: config.live.engines.ffprobe,
        now,
      }),
      heartbeatSeconds: config.viewing.heartbeatSeconds,
      log,
      onCatalogChanged: () => catalogCache.invalidate(),
      ...clock,
    }),
    refunds,
    // The waiting lists of sold-out events; the hold sweeper (app.ts) lapses and mails their holds.
    waitlist: createWaitlistService({ uow, mailer, publicUrl: config.publicUrl, log, ...clock }),
    // The fan's own cancellation: the refund's claim with the cutoff decided under its locks.
    cancels: createCancelService({ uow, refunds, log, ...clock }),
    transfers,
    sales: createSalesService({ uow, refunds, organizers: createOrganizerService({ uow }) }),
    misc: createMiscService(uow.repos.settings),
    catalog: createCatalogService({
      repo: catalogRepo,
      cache: catalogCache,
      // The event page during an outage: "no" for both (the player asks the server, which takes the
      // ticket's signed entitlement then).
      entitlements: {
        ownsEvent: (caller, eventId) => entitlements.ownsEvent(caller, eventId).catch(noWhenUnreachable),
        isSoldOut: (eventId) => entitlements.isSoldOut(eventId).catch(noWhenUnreachable),
      },
      shareImageOf: shareImageFinder(config.mediaDir),
      ...clock,
    }),
    cart: createCartService({
      uow,
      limits: config.limits,
      liveMinutes: config.streams.liveMinutes,
      orderedCart: orders.orderedCart,
      ...clock,
    }),
    // A premium stream config is signed only for a device holding an open viewing session (the device limit).
    streams: createStreamService({
      repo: streamRepo,
      entitlements,
      signer: mediaSigner,
      settings: config.streams,
      premiumUrlTtlSeconds: premiumMediaUrlSeconds(config.viewing.heartbeatSeconds),
      sessionCheck: viewingSessions.assertOpen,
      // A replay past its window plays on for a ticket the guaranteed view extended.
      replayExtension: (userId, eventId) => guarantee.replayUntil(userId, eventId),
      vouchers,
      liveFeeds: async (eventId) => {
        const playback = await liveShowForConfig.get(eventId);
        if (!playback) return null;
        return {
          ended: playback.show === 'ended',
          endedAt: playback.endedAt,
          feed: (angle) => ({ dir: liveMediaDir(eventId, angle), file: LIVE_FEED_FILE }),
        };
      },
      ...clock,
    }),
    // A premium event's media answer only while the viewing session their URL names is open.
    protectedMedia: createProtectedMedia({
      mediaDir: config.mediaDir,
      repo: streamRepo,
      sessions: viewingGate,
      settings: config.streams,
      ...clock,
    }),
    live,
    liveState: (key: string) => liveStates.get(key),
    ingestHooks,
    ingestKey: keys.ingestControl,
    /** This process's run: an ingest connection id is unique within one run of its engine. */
    bootId: randomUUID().slice(0, 8),
    mediaSigner,
    /** The clock every service reads (tests set it). */
    now,
    liveMedia: createLiveMedia({
      settings: config.live,
      live: { playback: (id) => livePlayback.get(id) },
      events: { facts: (id) => liveEventFacts.get(id) },
      sessions: viewingGate,
      ...clock,
    }),
    viewingSessions,
    guarantee,
    // A ticket holder's 5xx on the watching path, kept in memory and written in batches (outage-safe).
    playRefusals: createPlayRefusals({ repo: uow.repos.guarantees, log, ...clock }),
    // The player's quality beacons, kept for QOE_RETENTION_DAYS; /metrics reads them per event.
    playbackQuality: createPlaybackQuality({
      sessions: uow.repos.viewingSessions,
      quality: uow.repos.playbackQuality,
      heartbeatSeconds: config.viewing.heartbeatSeconds,
      retentionDays: config.playbackQuality.retentionDays,
      log,
      now: deps.now,
    }),
  };
}
export type Services = ReturnType<typeof buildServices>;

/** False for a read the database could not answer (an outage); any other failure stands. */
function noWhenUnreachable(error: unknown): false {
  if (isDatabaseUnreachable(error)) return false;
  throw error;
}

/** Every new order is confirmed exactly once (card or voucher): that is where it is counted. */
function countedOrders(metrics: Metrics, confirm: (orderId: number) => Promise<void>) {
  return async (orderId: number) => {
    metrics.ordersPlaced.inc();
    await confirm(orderId);
  };
}
