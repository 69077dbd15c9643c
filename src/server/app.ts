import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, databaseOptionsFromConfig, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { runExclusively } from './db/exclusiveJob';
import { seedDemoData } from './db/seed';
import { errorsPlugin } from './plugins/errorHandler';
import { refuseNulPlugin } from './plugins/refuseNul';
import { jsonBodyPlugin } from './plugins/jsonBody';
import { routeMethodsPlugin } from './plugins/routeMethods';
import { ADDRESS_TOO_LONG } from './platform/routeMethods';
import { answerClientError } from './platform/clientErrors';
import { tooManyRequests } from './platform/callerLimits';
import { callerPlugin } from './plugins/bearerAuthentication';
import { contentSecurityPolicy } from './plugins/security';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import type { Mailer } from './modules/mail/mailer';
import { registerOpenApi } from './plugins/openApi';
import { registerRoutes } from './routes';
import { requestSerializer } from './platform/logRedaction';
import { AccessLogController } from './platform/accessLog';
import { buildServices, type Services } from './services';
import { startIngest } from './modules/live/ingest/engine';
import { healthModule } from './modules/health/module';
import { scheduleQualityRetention } from './modules/streams/playbackQualityRetention';
import { scheduleHoldSweep } from './modules/waitlist/holdSweeper';
import { scheduleGuarantee } from './modules/guarantee/job';
import { firstConnection, openLimitsRedis, sharedLimitStore } from './platform/sharedLimits';

export type AppDeps = {
  /** An already-open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Sees the database the app opened from the config, which it closes with itself (tests check that it does). */
  onDatabaseOpened?: (database: Database) => void;
  /** Clock for tokens and expiry rules; tests move it. */
  now?: () => number;
  /** Mail transport (tests); otherwise SMTP or the outbox, from the config. */
  mailer?: Mailer;
  /** Where JSON log lines go: stdout by default; main.ts's writes without blocking; tests read them. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered, with its schemas (the contract fuzzer walks them). */
  onRoute?: (route: RouteOptions) => void;
};

/** What a request that arrives while the server stops is told (a restart, or an instance leaving). */
const RESTARTING = 'The server is restarting. Please try again in a moment.';

/** Builds the whole server: plugins, every module, static app. Nothing listens here (see main.ts). */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No redaction paths: a request is logged only through this serializer, which keeps no header
      // (a token, a cookie, a session key) and redacts the URL; pino's redaction of absent paths
      // cost a sixth of each access line.
      serializers: { req: requestSerializer as never },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // One access line per request instead of Fastify's two (platform/accessLog.ts).
    logController: new AccessLogController(),
    bodyLimit: config.limits.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    // Closing is refused below in the envelope; Fastify's own 503 would be in its format.
    return503OnClosing: false,
    // What Node's HTTP parser refuses (headers too large, not HTTP) in the envelope too.
    clientErrorHandler: function (this: FastifyInstance, error, socket) {
      answerClientError(this.log, error, socket);
    },
    // The router's own refusals (an address too long or not decodable) in the API's envelope and words,
    // not Fastify's default that echoes the whole address back.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.status(tooLong ? 414 : 400).send({
        success: false,
        message: tooLong ? ADDRESS_TOO_LONG : 'The address is not valid.',
        data: null,
        requestId: String(request.id),
      });
    },
    // Unset: the socket's address is the client's. Behind a proxy, TRUST_PROXY names the proxies whose
    // X-Forwarded-For is believed; a caller at any other address is counted by its own address.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = deps.database ?? (await openDatabase(databaseOptionsFromConfig(config)));
  if (!deps.database) {
    deps.onDatabaseOpened?.(database);
    app.addHook('onClose', async () => database.close());
  }
  await migrateToLatest(database.db);
  if (config.seedDemoData) await seedDemoData(database.db);

  // While shutting down, answers to in-flight requests end their keep-alive connections, so
  // close() finishes as soon as they are sent instead of waiting for idle clients.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A request that arrives while the server stops is refused at once, before any other work.
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .send({ success: false, message: RESTARTING, data: null, requestId: String(request.id) });
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (closing) void reply.header('connection', 'close');
  });

  await app.register(routeMethodsPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(refuseNulPlugin);
  await app.register(securityHeadersPlugin, {
    options: {
      contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https://'),
    },
  });
  await app.register(compress, { threshold: 1024 });
  const health = healthModule({ database, ...(deps.now ? { now: deps.now } : {}) }, config);
  const { metrics } = health;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestSeconds.observe(
      { method: request.method, route, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
  });
  // With REDIS_URL every instance counts into the same limits; without, this process counts alone.
  const redis = config.redisUrl ? openLimitsRedis(config.redisUrl) : null;
  if (redis) {
    // Said once when Redis goes away and once when it is back, not at every reconnect attempt.
    let down = false;
    redis.on('error', (err: Error) => {
      if (!down) app.log.warn({ reason: err.message }, 'redis unavailable: limits fail open, sign-in fails closed');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('redis reachable again: limits shared');
      down = false;
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    await firstConnection(redis);
  }
  // Wired for every feature; each route that needs a limit sets its own (config.rateLimit).
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedLimitStore(redis, `${config.redisPrefix}limits:`) } : {}),
    // A limit that cannot be counted (Redis down) lets the request through; the sign-in routes
    // override this and refuse (identity/routes.ts).
    skipOnError: true,
    // Clients are counted by request.ip (see trustProxy): IPv4 one address at a time (IPv4-mapped IPv6
    // included), IPv6 by /64, since one subscriber usually holds a whole /64.
    ipv6Subnet: 64,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      message: tooManyRequests(Math.ceil(ctx.ttl / 1000)),
    }),
  });

  const services = buildServices(config, {
    database,
    log: app.log,
    redis,
    health,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
  });
  app.addHook('onClose', async () => services.mail.mailer.close());
  startReconciliation(app, services);
  scheduleQualityRetention(app, { database, quality: services.streams.playbackQuality });
  scheduleHoldSweep(app, { database, waitlist: services.waitlist.places });
  scheduleGuarantee(app, { database, guarantee: services.guarantee.judge, refusals: services.guarantee.playRefusals });
  await app.register(callerPlugin, {
    tokens: services.auth.tokens,
    isRevoked: services.identity.accounts.isRevoked,
    isOrganizer: services.organizers.roles.isOrganizer,
  });
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  await registerRoutes(app, services, config);
  servicesOf.set(app, services);

  return app;
}

const servicesOf = new WeakMap<FastifyInstance, Services>();

/**
 * Starts the live ingest beside a listening app (main.ts; tests that build apps never do): the line
 * to print, and how to stop its engines. LIVE_INGEST=off, or engines missing: a line that says so.
 */
export async function startLiveIngest(app: FastifyInstance, config: AppConfig, port: number) {
  const services = servicesOf.get(app);
  if (!services) throw new Error('startLiveIngest: the app was not built by buildApp');
  if (config.live.ingest === 'off')
    return { line: 'Live ingest is off (LIVE_INGEST=off).', stop: async () => undefined };
  const started = await startIngest({
    config,
    serverPort: port,
    live: services.live.feeds,
    hooks: services.live.ingestHooks,
    ingestKey: services.auth.keys.ingestControl,
    log: app.log,
  });
  // /readyz says what the start line says.
  services.live.ingestStatus.set(started.status);
  return started;
}

/** How often checkouts left unsettled (a crash, a lost webhook) are looked at again. */
const RECONCILE_EVERY_MS = 5 * 60 * 1000;

/**
 * Nothing paid is lost: once the server is ready, and every few minutes, paid checkouts without an
 * order become orders and refunds that did not go through are sent again.
 */
function startReconciliation(app: FastifyInstance, services: Services): void {
  let timer: NodeJS.Timeout | null = null;
  // One instance at a time reconciles (an advisory lock); the others skip the round.
  const run = () =>
    runExclusively(services.core.database, 'reconcile-checkouts', () => services.orders.checkout.reconcile()).then(
      (r) => {
        if (r.ran && (r.result.ordered || r.result.refunded)) app.log.info(r.result, 'reconciled unsettled checkouts');
      },
      (err: unknown) => app.log.warn({ err }, 'reconciliation failed'),
    );
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), RECONCILE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    services.payments.sandbox?.close();
  });
}
