import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { assertDataDirWritable } from './platform/dataDirCheck';
import { z } from 'zod';
import { isLoopback, isProxyAddress } from './platform/network';
import { ensurePrivateDir, readOrCreateSecretFile } from './platform/privateFiles';
import { trustedProxyList, trustProxyProblem } from './platform/trustProxySetting';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables we read; each has a default or is optional. README "Configuration" lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0–65535')
    .max(65535, 'must be 0–65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Shared rate limits for N instances; unset: each process counts its own (one instance). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every key this shop writes in Redis (several shops, or test runs, may share one). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1–64 letters, digits, colons, dashes or underscores')
    .default('storefront:'),
  /** Connections each instance opens to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–200')
    .max(200, 'must be 1–200')
    .default(10),
  /** Memory each instance gives the catalog's read cache, in MiB; 0 reads every answer from the database. */
  CATALOG_CACHE_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0–4096')
    .max(4096, 'must be 0–4096')
    .default(32),
  /** Who may read /metrics: comma-separated addresses or CIDR ranges (loopback always may). */
  METRICS_ALLOW: z
    .string()
    .refine(
      (v) => v.split(',').every((e) => isProxyAddress(e.trim())),
      'must be a comma-separated list of addresses or CIDR ranges',
    )
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  CLIENT_DIST_DIR: z.string().min(1).default('./dist'),
  MEDIA_DIR: z.string().min(1).default('./public/media'),
  NEWSLETTER_EMBED_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('AllAccess <no-reply@allaccess.local>'),
  GOOGLE_CLIENT_ID: z.string().min(10, 'must be a Google OAuth client id').optional(),
  GOOGLE_API_BASE: z.url({ error: 'must be an absolute URL' }).default('https://www.googleapis.com'),
  SEED_DEMO_DATA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  DEV_MAILBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Where the stripe SDK sends its calls; tests point it at a local fake of Stripe's API. */
  STRIPE_API_BASE: z.url({ error: 'must be an absolute URL' }).default('https://api.stripe.com'),
  /** How long one call to Stripe may take before it is given up (and tried once more), in ms. */
  STRIPE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be 100–60000')
    .max(60_000, 'must be 100–60000')
    .default(8000),
  /** How long the sandbox waits before delivering its payment events (a webhook's delay), in ms. */
  SANDBOX_EVENT_DELAY_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(600_000).default(0),
  STREAM_URL_TTL_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–240')
    .max(240, 'must be 1–240')
    .default(10),
  STREAM_VOD_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0–1440')
    .max(1440, 'must be 0–1440')
    .default(30),
  STREAM_LIVE_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–1440')
    .max(1440, 'must be 1–1440')
    .default(240),
  /** Live ingest beside the server: 'auto' starts it when nginx's RTMP module and ffmpeg are installed. */
  LIVE_INGEST: z.enum(['auto', 'off'], { error: "must be 'auto' or 'off'" }).default('auto'),
  LIVE_RTMP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be 1–65535')
    .max(65535, 'must be 1–65535')
    .default(1935),
  /** The first of the UDP ports the SRT listeners take (one per feed, up to 1,000). */
  LIVE_SRT_PORT_BASE: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1024, 'must be 1024–64000')
    .max(64000, 'must be 1024–64000')
    .default(10000),
  /** The host encoders reach the ingest at (the URLs `npm run live:keys` prints); default: PUBLIC_URL's. */
  LIVE_INGEST_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'must be a host name or address')
    .optional(),
  /** How long a show waits for its encoders to come back before it ends by itself. */
  LIVE_RECONNECT_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–240')
    .max(240, 'must be 1–240')
    .default(30),
  /** x264's preset for the ladder: faster presets cost less CPU per angle for a little more bitrate. */
  LIVE_X264_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
  /** The ingest's engines: Debian's paths by default. */
  NGINX_PATH: z.string().min(1).default('/usr/sbin/nginx'),
  LIVE_RTMP_MODULE: z.string().min(1).default('/usr/lib/nginx/modules/ngx_rtmp_module.so'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** Devices one ticket may play on at once (viewing sessions). */
  DEVICE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–20')
    .max(20, 'must be 1–20')
    .default(2),
  /** How often the player says it is still playing; silent for twice as long, its device slot is freed. */
  VIEWING_HEARTBEAT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(5, 'must be 5–300')
    .max(300, 'must be 5–300')
    .default(30),
  /** Multiplies guests' per-address limits, for networks where many visitors share one address. */
  GUEST_ADDRESS_LIMIT_FACTOR: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–1000')
    .max(1000, 'must be 1–1000')
    .default(1),
  /** How long the player's quality reports are kept, in days; older ones are deleted. */
  QOE_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–365')
    .max(365, 'must be 1–365')
    .default(30),
  /** The proxies whose X-Forwarded-For is believed, by address (never a hop count: trustProxySetting.ts). */
  TRUST_PROXY: z
    .string()
    .superRefine((value, ctx) => {
      const problem = trustProxyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
});

/** The name of every variable the server reads (.env.example must list them all). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Redis for limits shared by every instance; null: counted in this process. */
  redisUrl: string | null;
  redisPrefix: string;
  /** Addresses and CIDR ranges besides loopback that may read /metrics. */
  metricsAllow: string[];
  jwtSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string;
  clientDistDir: string;
  mediaDir: string;
  /** A third-party newsletter form to embed on the home page; unset = our own form. */
  newsletterEmbedUrl: string | null;
  seedDemoData: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  googleClientId: string | null;
  /** Base of Google's token-info API; tests point it at a local fake. */
  googleApiBase: string;
  /** Card payments: the sandbox (default) or Stripe, when its three keys are set. */
  payments:
    | { provider: 'sandbox'; eventDelayMs: number }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        apiBase: string;
        timeoutMs: number;
      };
  /** The device limit: open viewing sessions per ticket, and the heartbeat that keeps one open. */
  viewing: { deviceLimit: number; heartbeatSeconds: number };
  /** The player's quality beacons (modules/streams/playbackQuality*): how long their figures are kept. */
  playbackQuality: { retentionDays: number };
  /**
   * The proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, proxy-addr's names. Empty:
   * none, the socket's address is the client's (and the development helpers answer this machine).
   */
  trustedProxies: string[];
  /** Watching: signed media URLs and the demo's generated live and on-demand programs. */
  streams: {
    /** How long a signed media URL works. */
    urlTtlMinutes: number;
    /** On-demand playlists loop the short demo clips to at least this long (0: the files as they are). */
    vodMinutes: number;
    /** A 'Live' event is live HLS this long from its air start, then on demand (a replay). */
    liveMinutes: number;
  };
  /** Real live shows: the ingest beside the server (modules/live). */
  live: {
    ingest: 'auto' | 'off';
    rtmpPort: number;
    srtPortBase: number;
    /** The host encoders connect to. */
    ingestHost: string;
    reconnectMinutes: number;
    x264Preset: string;
    /** Where the ingest writes each show's segments and lists. */
    dir: string;
    engines: { nginx: string; rtmpModule: string; ffmpeg: string; ffprobe: string };
  };
  /** Limits in one place: every rate limit and lifetime the server enforces. */
  limits: {
    guestTokensPerMinutePerIp: number;
    newsletterSignupsPerMinutePerIp: number;
    catalogVersionCheckMs: number;
    /** Memory the catalog's read cache may use, in bytes. */
    catalogCacheBytes: number;
    guestTokenTtlSeconds: number;
    bodyLimitBytes: number;
    userTokenTtlSeconds: number;
    signInCode: {
      ttlMinutes: number;
      maxAttempts: number;
      resendSeconds: number;
      /** Wrong codes from one client (its address, IPv6 by /64) in an hour: then it is refused. */
      failedAttemptsPerClientPerHour: number;
      /** Wrong codes for one e-mail address, from anyone, within `emailSlowdownMinutes`: then it waits. */
      failedAttemptsPerEmail: number;
      /** How long an e-mail address is slowed down at most (its failures' window). */
      emailSlowdownMinutes: number;
    };
    codeRequestsPerMinutePerIp: number;
    checkUserPerMinutePerIp: number;
    verifyPerMinutePerIp: number;
    /** Lines in one cart. */
    cartMaxLines: number;
    /** createPaymentIntent and createCartOrder calls per user per minute. */
    checkoutCallsPerMinute: number;
    /** Sandbox card confirmations per user per minute (card testing). */
    cardAttemptsPerMinute: number;
    /** applyVoucher calls per caller (user, or guest token) per minute: code guessing. */
    voucherAttemptsPerMinute: number;
    /** Stream config calls per caller (user, or guest token) per minute. */
    streamConfigCallsPerMinute: number;
    /** Viewing sessions opened per caller per minute. */
    viewingOpensPerMinute: number;
    /** Console image uploads per organizer per minute (each one takes a core to decode). */
    imageUploadsPerMinute: number;
    /** Uploads one process decodes at once; past it, a 503 (sharp's decoders take memory and a core each). */
    imageDecodesAtOnce: number;
    /** Viewing-session heartbeats and closes per caller per minute. */
    viewingHeartbeatsPerMinute: number;
    /** 'Watch here instead' takeovers per caller per minute: each one stops another device's picture. */
    viewingTakeoversPerMinute: number;
    /** Quality beacons per viewing session per minute (a player sends about two). */
    qualityBeaconsPerMinutePerSession: number;
    /** Quality beacons per client address per minute, every player behind it together. */
    qualityBeaconsPerMinutePerAddress: number;
    /**
     * Guest tokens cost nothing, so guests' calls are also counted per client address (IPv6 by /64):
     * one budget a minute for every guest behind it. Signed-in users are not counted here.
     */
    guestsPerAddress: {
      voucherAttemptsPerMinute: number;
      streamConfigCallsPerMinute: number;
      viewingOpensPerMinute: number;
      /** GET /v1/live/{id}: a live player asks once a second; every caller counts, signed in or not. */
      liveStateCallsPerMinute: number;
    };
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment; throws ConfigError with one line per bad value. A line names
 * the variable and the problem, never the value: it may be a secret (JWT_SECRET, credentials inside
 * DATABASE_URL or SMTP_URL).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`));
  }
  const e = parsed.data;
  const problems = deploymentProblems(e);
  if (problems.length) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    metricsAllow: e.METRICS_ALLOW ? e.METRICS_ALLOW.split(',').map((a) => a.trim()) : [],
    jwtSecret: e.JWT_SECRET ?? generatedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    clientDistDir: path.resolve(e.CLIENT_DIST_DIR),
    mediaDir: path.resolve(e.MEDIA_DIR),
    newsletterEmbedUrl: e.NEWSLETTER_EMBED_URL ?? null,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    googleApiBase: e.GOOGLE_API_BASE.replace(/\/$/, ''),
    trustedProxies: trustedProxyList(e.TRUST_PROXY),
    viewing: { deviceLimit: e.DEVICE_LIMIT, heartbeatSeconds: e.VIEWING_HEARTBEAT_SECONDS },
    playbackQuality: { retentionDays: e.QOE_RETENTION_DAYS },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE.replace(/\/$/, ''),
            timeoutMs: e.STRIPE_TIMEOUT_MS,
          }
        : { provider: 'sandbox', eventDelayMs: e.SANDBOX_EVENT_DELAY_MS },
    streams: {
      urlTtlMinutes: e.STREAM_URL_TTL_MINUTES,
      vodMinutes: e.STREAM_VOD_MINUTES,
      liveMinutes: e.STREAM_LIVE_MINUTES,
    },
    live: {
      ingest: e.LIVE_INGEST,
      rtmpPort: e.LIVE_RTMP_PORT,
      srtPortBase: e.LIVE_SRT_PORT_BASE,
      ingestHost: e.LIVE_INGEST_HOST ?? new URL(e.PUBLIC_URL ?? 'http://localhost').hostname,
      reconnectMinutes: e.LIVE_RECONNECT_MINUTES,
      x264Preset: e.LIVE_X264_PRESET,
      dir: path.join(dataDir, 'live'),
      engines: { nginx: e.NGINX_PATH, rtmpModule: e.LIVE_RTMP_MODULE, ffmpeg: e.FFMPEG_PATH, ffprobe: e.FFPROBE_PATH },
    },
    limits: {
      guestTokensPerMinutePerIp: 60,
      newsletterSignupsPerMinutePerIp: 10,
      catalogVersionCheckMs: 1000,
      catalogCacheBytes: e.CATALOG_CACHE_MB * 1024 * 1024,
      userTokenTtlSeconds: 60 * 60 * 24 * 30,
      signInCode: {
        ttlMinutes: 10,
        maxAttempts: 5,
        resendSeconds: 60,
        failedAttemptsPerClientPerHour: 30,
        failedAttemptsPerEmail: 10,
        emailSlowdownMinutes: 15,
      },
      codeRequestsPerMinutePerIp: 10,
      checkUserPerMinutePerIp: 30,
      verifyPerMinutePerIp: 30,
      cartMaxLines: 50,
      voucherAttemptsPerMinute: 10,
      checkoutCallsPerMinute: 30,
      cardAttemptsPerMinute: 10,
      streamConfigCallsPerMinute: 60,
      viewingOpensPerMinute: 30,
      imageUploadsPerMinute: 20,
      imageDecodesAtOnce: 2,
      viewingHeartbeatsPerMinute: 120,
      viewingTakeoversPerMinute: 10,
      qualityBeaconsPerMinutePerSession: 10,
      // Two a minute from each of 300 players behind one address (a venue's Wi-Fi raises the factor).
      qualityBeaconsPerMinutePerAddress: 600 * e.GUEST_ADDRESS_LIMIT_FACTOR,
      guestsPerAddress: {
        voucherAttemptsPerMinute: 10 * e.GUEST_ADDRESS_LIMIT_FACTOR,
        streamConfigCallsPerMinute: 120 * e.GUEST_ADDRESS_LIMIT_FACTOR,
        viewingOpensPerMinute: 60 * e.GUEST_ADDRESS_LIMIT_FACTOR,
        // Twenty players behind one address; a venue's Wi-Fi raises the factor, the edge caches the answer.
        liveStateCallsPerMinute: 1200 * e.GUEST_ADDRESS_LIMIT_FACTOR,
      },
      guestTokenTtlSeconds: 60 * 60 * 24 * 30,
      bodyLimitBytes: 64 * 1024,
    },
  };
}

type Env = z.infer<typeof envSchema>;

/** Settings that are each valid alone but unsafe together, or in production. */
function deploymentProblems(e: Env): string[] {
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.JWT_SECRET)
    problems.push('JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  // Instances sharing Redis are meant to be many: a key generated under each one's DATA_DIR would differ.
  if (e.REDIS_URL && !e.JWT_SECRET)
    problems.push('JWT_SECRET: required with REDIS_URL (every instance must sign tokens with the same key)');
  if (production && !e.SMTP_URL)
    problems.push('SMTP_URL: required when NODE_ENV=production (the local outbox is for development only)');
  // The outbox holds every sign-in code: a server others can reach must mail for real, unless told otherwise.
  if (!production && !e.SMTP_URL && e.DEV_MAILBOX !== 'true' && !isLoopback(e.HOST)) {
    problems.push(
      'SMTP_URL: required when HOST is not a loopback address (or set DEV_MAILBOX=true to run the local outbox on ' +
        'purpose)',
    );
  }
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const missingStripe = stripeKeys.filter((k) => !e[k]);
  if (missingStripe.length > 0 && missingStripe.length < stripeKeys.length) {
    problems.push(
      `${missingStripe.join(', ')}: required with the other Stripe keys (set all three for Stripe, or none for the ` +
        `sandbox)`,
    );
  }
  if (e.NODE_ENV !== 'test' && !e.STRIPE_API_BASE.startsWith('https://')) {
    problems.push('STRIPE_API_BASE: must be an https:// URL (plain http is accepted only with NODE_ENV=test)');
  }
  if (e.NODE_ENV !== 'test' && !e.GOOGLE_API_BASE.startsWith('https://')) {
    problems.push('GOOGLE_API_BASE: must be an https:// URL (plain http is accepted only with NODE_ENV=test)');
  }
  return problems;
}

/** An empty variable means "not set", as most shells and .env files intend. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((kv): kv is [string, string] => kv[1] !== undefined && kv[1] !== ''),
  );
}

/** A development secret generated once into DATA_DIR (owner-only), so tokens survive restarts. */
function generatedSecret(dataDir: string): string {
  if (!fs.existsSync(path.join(dataDir, 'jwt-secret'))) assertDataDirWritable(dataDir, 0);
  ensurePrivateDir(dataDir);
  const secret = readOrCreateSecretFile(path.join(dataDir, 'jwt-secret'), () =>
    crypto.randomBytes(48).toString('base64url'),
  );
  if (secret.length < 32)
    throw new ConfigError([
      `DATA_DIR: ${path.join(dataDir, 'jwt-secret')} holds a secret shorter than 32 characters; delete the file to ` +
        `generate a new one`,
    ]);
  return secret;
}
