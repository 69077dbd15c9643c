import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import { authRoutes } from './modules/auth/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { crawlerRoutes } from './modules/catalog/crawlerRoutes';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { mailboxRoutes } from './modules/mail/mailboxRoutes';
import { apiReferenceRoutes } from './modules/web/apiReferenceRoutes';
import { miscRoutes } from './modules/misc/routes';
import { publicRoutes } from './modules/misc/publicRoutes';
import { orderRoutes } from './modules/orders/routes';
import { orderManageRoutes } from './modules/orders/manageRoutes';
import { organizerControlRoutes, organizerRoutes } from './modules/organizers/routes';
import { eventAdminRoutes } from './modules/eventAdmin/routes';
import { imageUploadRoutes, uploadedImageRoutes } from './modules/eventAdmin/imageRoutes';
import { couponAdminRoutes } from './modules/couponAdmin/routes';
import { controlRoomRoutes } from './modules/live/controlRoomRoutes';
import { sandboxRoutes } from './modules/payments/sandboxRoutes';
import { salesRoutes } from './modules/sales/routes';
import { webhookRoutes } from './modules/payments/webhookRoutes';
import { profileRoutes } from './modules/profile/routes';
import { protectedMediaRoutes } from './modules/streams/mediaRoutes';
import { ingestRoutes, liveStateRoutes } from './modules/live/routes';
import { streamRoutes } from './modules/streams/routes';
import { viewingSessionRoutes } from './modules/streams/viewingSessionRoutes';
import { playbackQualityRoutes } from './modules/streams/playbackQualityRoutes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { guaranteeTriggerRoutes, makeGoodRoutes, studioGuaranteeRoutes } from './modules/guarantee/routes';
import { judgeNow } from './modules/guarantee/job';
import { mediaPlugin } from './modules/web/media';
import { webPlugin } from './modules/web/static';
import type { Services } from './services';

/** Every HTTP route, over the services (services.ts); the app's plugins are registered before. */
export async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  config: AppConfig,
  shared: { redis: Redis | null },
): Promise<void> {
  const { limits } = config;
  // With TRUST_PROXY set a proxy stands in front, and no caller counts as this machine's own.
  const proxyDeclared = config.trustedProxies.length > 0;
  await app.register(authRoutes, {
    prefix: '/v1',
    service: services.auth,
    perMinute: limits.guestTokensPerMinutePerIp,
  });
  await app.register(identityRoutes, { prefix: '/v1', service: services.identity, limits });
  await app.register(profileRoutes, { prefix: '/v1', service: services.profile });
  await app.register(cartRoutes, {
    prefix: '/v1',
    service: services.cart,
    voucherAttemptsPerMinute: limits.voucherAttemptsPerMinute,
    voucherAttemptsPerMinutePerAddress: limits.guestsPerAddress.voucherAttemptsPerMinute,
  });
  await app.register(orderRoutes, {
    prefix: '/v1',
    checkout: services.checkout,
    orders: services.orders,
    checkoutCallsPerMinute: limits.checkoutCallsPerMinute,
  });
  await app.register(orderManageRoutes, {
    prefix: '/v1',
    cancels: services.cancels,
    transfers: services.transfers,
    changesPerMinute: 10,
  });
  await app.register(organizerRoutes, { prefix: '/v1', service: services.organizers });
  await app.register(eventAdminRoutes, {
    prefix: '/v1',
    service: services.eventAdmin,
    createsPerMinute: limits.consoleCreatesPerMinute,
  });
  await app.register(imageUploadRoutes, {
    prefix: '/v1',
    service: services.images,
    uploadsPerMinute: limits.imageUploadsPerMinute,
  });
  // Before the media folder's /media/* (more specific either way: the router prefers it).
  await app.register(uploadedImageRoutes, { service: services.images });
  await app.register(couponAdminRoutes, {
    prefix: '/v1',
    service: services.couponAdmin,
    createsPerMinute: limits.consoleCreatesPerMinute,
  });
  await app.register(controlRoomRoutes, {
    prefix: '/v1',
    room: services.liveControl,
    messagesPerMinute: limits.liveMessagesPerMinute,
  });
  await app.register(salesRoutes, { prefix: '/v1', service: services.sales });
  await app.register(waitlistRoutes, {
    prefix: '/v1',
    service: services.waitlist,
    readsPerMinute: limits.waitlistReadsPerMinute,
    changesPerMinute: limits.waitlistChangesPerMinute,
  });
  await app.register(studioGuaranteeRoutes, { prefix: '/v1', service: services.guarantee });
  await app.register(makeGoodRoutes, {
    prefix: '/v1',
    service: services.guarantee,
    readsPerMinute: 30,
    choicesPerMinute: 10,
  });
  if (config.env !== 'production')
    await app.register(guaranteeTriggerRoutes, {
      judge: () => judgeNow(services.database, services.guarantee),
      proxyDeclared,
    });
  await app.register(organizerControlRoutes, { service: services.organizers, controlToken: services.ingestKey });
  // A ticket holder's 5xx on the watching path is kept for the guaranteed view (off the request's path).
  app.addHook('onResponse', async (req, reply) => services.playRefusals.onResponse(req, reply));
  await app.register(viewingSessionRoutes, {
    prefix: '/v1',
    service: services.viewingSessions,
    opensPerMinute: limits.viewingOpensPerMinute,
    heartbeatsPerMinute: limits.viewingHeartbeatsPerMinute,
    takeoversPerMinute: limits.viewingTakeoversPerMinute,
    opensPerMinutePerAddress: limits.guestsPerAddress.viewingOpensPerMinute,
  });
  await app.register(playbackQualityRoutes, {
    prefix: '/v1',
    service: services.playbackQuality,
    perSessionPerMinute: limits.qualityBeaconsPerMinutePerSession,
    perAddressPerMinute: limits.qualityBeaconsPerMinutePerAddress,
  });
  const onPaymentFailed = () => services.metrics.paymentFailures.inc();
  await app.register(webhookRoutes, {
    prefix: '/v1',
    provider: services.payments.provider,
    checkout: services.checkout,
    uow: services.uow,
    onPaymentFailed,
  });
  if (services.payments.sandbox) {
    await app.register(sandboxRoutes, {
      sandbox: services.payments.sandbox,
      cardAttemptsPerMinute: limits.cardAttemptsPerMinute,
      onPaymentFailed,
    });
  }
  if (services.mailer.kind === 'outbox' && config.env !== 'production') {
    await app.register(mailboxRoutes, { outbox: services.uow.repos.outbox, proxyDeclared });
  }
  if (config.env !== 'production') await app.register(apiReferenceRoutes, { proxyDeclared });
  await app.register(miscRoutes, { service: services.misc });
  await app.register(publicRoutes, {
    prefix: '/v1',
    service: services.misc,
    config: {
      newsletterEmbedUrl: config.newsletterEmbedUrl,
      googleClientId: config.googleClientId,
      payments:
        config.payments.provider === 'stripe'
          ? { provider: 'stripe', publishableKey: config.payments.publishableKey }
          : { provider: 'sandbox', publishableKey: null },
    },
    signupsPerMinute: limits.newsletterSignupsPerMinutePerIp,
  });
  await app.register(catalogRoutes, { prefix: '/v1', service: services.catalog });
  await app.register(calendarRoutes, { prefix: '/v1', service: services.calendar });
  await app.register(receiptRoutes, { prefix: '/v1', service: services.receipts });
  await app.register(crawlerRoutes, { service: services.catalog, publicUrl: config.publicUrl });
  await app.register(streamRoutes, {
    prefix: '/v1',
    service: services.streams,
    callsPerMinute: limits.streamConfigCallsPerMinute,
    callsPerMinutePerAddress: limits.guestsPerAddress.streamConfigCallsPerMinute,
  });
  await app.register(liveStateRoutes, {
    prefix: '/v1',
    state: services.liveState,
    callsPerMinutePerAddress: limits.guestsPerAddress.liveStateCallsPerMinute,
  });
  await app.register(ingestRoutes, {
    service: services.live,
    hooks: services.ingestHooks,
    controlToken: services.ingestKey,
    bootId: services.bootId,
    demo: config.env !== 'production',
  });
  await app.register(protectedMediaRoutes, {
    signer: services.mediaSigner,
    streams: services.protectedMedia,
    live: services.liveMedia,
    arrived: () => services.metrics.mediaRequests.inc(),
    now: services.now,
  });
  await app.register(mediaPlugin, { mediaDir: config.mediaDir });
  await app.register(healthRoutes, {
    database: services.database,
    redis: shared.redis,
    metrics: services.metrics,
    metricsAllow: config.metricsAllow,
    trustedProxies: config.trustedProxies,
  });
  await app.register(webPlugin, {
    distDir: config.clientDistDir,
    publicUrl: config.publicUrl,
    issueGuestToken: (ip) => services.auth.issueGuestToken(ip),
  });
}
