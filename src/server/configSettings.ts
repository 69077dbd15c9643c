import path from 'node:path';
import { z } from 'zod';
import { fromEnv } from './platform/envSetting';
import { isProxyAddress } from './platform/network';
import { trustedProxyList, trustProxyProblem } from './platform/trustProxySetting';

/*
 * Every environment variable the server reads, once: its config field (where it sits here), its
 * check, default and conversion (its zod schema), and what the operator reads about it. config.ts
 * derives the fields that take several variables; README.md's table and .env.example are written from
 * this file by `npx tsx scripts/writeConfigDocs.ts` (tests/tooling/configDocs.test.ts holds them to it).
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min}–${max}`)
    .max(max, `must be ${min}–${max}`);

const portNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(min, `must be ${min}–${max}`)
    .max(max, `must be ${min}–${max}`);

const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' });
const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');
const orNull = <T>(value: T | undefined) => value ?? null;

export const settingsSchema = z.object({
  env: fromEnv('NODE_ENV', z.enum(['development', 'production', 'test']).default('development'), {
    section: 'Process',
    example: 'production',
    description:
      '`production` demands `JWT_SECRET` and `SMTP_URL`; `test` also accepts plain-http `STRIPE_API_BASE` and ' +
      "`GOOGLE_API_BASE` (tests' local fakes)",
  }),
  port: fromEnv('PORT', wholeNumber(0, 65535).default(3000), {
    description: 'port to listen on (`0` = any free port)',
  }),
  host: fromEnv('HOST', z.string().min(1, 'must not be empty').default('127.0.0.1'), {
    description:
      'interface to listen on (`0.0.0.0` for all). On anything but a loopback address the server refuses to ' +
      'start without `SMTP_URL` (the local outbox holds every sign-in code) unless `DEV_MAILBOX=true`',
  }),
  logLevel: fromEnv(
    'LOG_LEVEL',
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    { description: 'what the server logs, as JSON lines with a request id' },
  ),
  /** Unset: http://localhost:PORT (config.ts). */
  publicUrl: fromEnv(
    'PUBLIC_URL',
    z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
    {
      unset: '`http://localhost:PORT`',
      example: 'https://shop.example.com',
      description: 'the address visitors use; `https://…` turns on HSTS and upgrade-insecure-requests',
    },
  ),

  /** Unset: generated into DATA_DIR (config.ts). */
  jwtSecret: fromEnv('JWT_SECRET', z.string().min(32, 'must be at least 32 characters').optional(), {
    section: 'Secrets',
    secret: true,
    unset: 'generated once into `DATA_DIR/jwt-secret` (atomically: processes starting together agree on one)',
    description:
      "the server's secret, at least 32 random characters (`openssl rand -base64 48`); separate keys are derived " +
      'from it with HKDF for token signing, sign-in code hashes and media URL signatures. Every instance must ' +
      'have the same one. **Required** when `NODE_ENV=production`, and with `REDIS_URL`',
  }),

  databaseUrl: fromEnv(
    'DATABASE_URL',
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    {
      section: 'Database',
      secret: true,
      unset: 'the embedded PGlite under `DATA_DIR` (one instance only)',
      description: '`postgres://user:password@host:5432/db`: use this PostgreSQL instead of the embedded PGlite',
    },
  ),
  databasePoolSize: fromEnv('DATABASE_POOL_SIZE', wholeNumber(1, 200).default(10), {
    description:
      "connections each instance opens to PostgreSQL at most; N instances need N × this below PostgreSQL's " +
      '`max_connections`, with room for migrations and backups (see docs/deploy.md for sizing)',
  }),
  /** config.ts turns it into limits.catalogCacheBytes. */
  catalogCacheMb: fromEnv('CATALOG_CACHE_MB', wholeNumber(0, 4096).default(32), {
    description:
      "memory each instance gives the catalog's read cache, in MiB (answers serialized and compressed once); " +
      '`0` reads every catalog answer from the database (to measure the database alone)',
  }),
  dataDir: fromEnv(
    'DATA_DIR',
    z
      .string()
      .min(1, 'must not be empty')
      .default('./data')
      .transform((dir) => path.resolve(dir)),
    {
      description:
        'where the embedded database and the generated JWT secret live; the folder and everything in it are ' +
        'owner-only (0700/0600)',
    },
  ),
  seedDemoData: fromEnv(
    'SEED_DEMO_DATA',
    trueOrFalse.default('true').transform((v) => v === 'true'),
    {
      example: 'false',
      description: '`true`: seed the demo catalog into an empty database at start (set `false` in production)',
    },
  ),

  /** Redis for limits shared by every instance; null: counted in this process. */
  redisUrl: fromEnv(
    'REDIS_URL',
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional()
      .transform(orNull),
    {
      section: 'Several instances',
      secret: true,
      unset: 'each process counts its own limits (right for one instance only)',
      description:
        '`redis://host:6379` (`rediss://` for TLS): every rate limit is counted once for all instances. Needs ' +
        '`JWT_SECRET`. While Redis is unreachable, sign-in refuses with 503 (its limits stop code guessing) and ' +
        'everything else goes on without limits',
    },
  ),
  redisPrefix: fromEnv(
    'REDIS_PREFIX',
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1–64 letters, digits, colons, dashes or underscores')
      .default('storefront:'),
    { description: 'prefix of every key this shop writes in Redis (several shops, or test runs, on one Redis)' },
  ),
  /**
   * The proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, proxy-addr's names (never a
   * hop count: trustProxySetting.ts). Empty: none, the socket's address is the client's.
   */
  trustedProxies: fromEnv(
    'TRUST_PROXY',
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = trustProxyProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .transform(trustedProxyList),
    {
      unset: "the socket's address is the client's and `X-Forwarded-For` is ignored",
      description:
        "a comma-separated list of the proxies' addresses or CIDR ranges (`10.0.0.5`, `10.0.0.0/8`, or " +
        '`loopback` for a proxy on this machine) makes the server believe `X-Forwarded-For` from those proxies ' +
        'only; a caller at any other address is counted by its own address, whatever it writes. A hop count ' +
        '(`1`) or `true` is refused at start: they believe the nearest hop whoever it is, so a caller reaching ' +
        'an instance directly could claim any address and walk around every per-address limit. Setting it also ' +
        'tells the server a proxy stands in front: the development helpers then answer nobody and `/metrics` ' +
        'only `METRICS_ALLOW`. Rate limits count IPv4 addresses one by one and IPv6 addresses by /64',
    },
  ),
  /** Addresses and CIDR ranges besides loopback that may read /metrics. */
  metricsAllow: fromEnv(
    'METRICS_ALLOW',
    z
      .string()
      .refine(
        (v) => v.split(',').every((e) => isProxyAddress(e.trim())),
        'must be a comma-separated list of addresses or CIDR ranges',
      )
      .optional()
      .transform((v) => (v ? v.split(',').map((a) => a.trim()) : [])),
    {
      unset: 'this machine only',
      description:
        "addresses or CIDR ranges (`loopback` too) that may read `/metrics` besides this machine's own callers " +
        "(Prometheus' network). The client's address is the socket's when the request carries no forwarding " +
        'header, or the one a `TRUST_PROXY` proxy names in `X-Forwarded-For`; a forwarding header from anyone ' +
        "else is a 404. With `TRUST_PROXY` set, only these may read it (add `loopback` to scrape from the instance's " +
        'own machine)',
    },
  ),

  smtpUrl: fromEnv(
    'SMTP_URL',
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional()
      .transform(orNull),
    {
      section: 'Mail',
      secret: true,
      unset:
        'the local outbox: every mail is stored in the database, logged, and listed at `/dev/mailbox` (page) and ' +
        "`/dev/mailbox.json` (newest first) for this machine's callers",
      description:
        '`smtp://user:pass@host:587` (or `smtps://…`) sends mail through that server (nodemailer). **Required** ' +
        'when `NODE_ENV=production`',
    },
  ),
  mailFrom: fromEnv('MAIL_FROM', z.string().min(3).default('AllAccess <no-reply@allaccess.local>'), {
    description: 'sender of every mail',
  }),
  /** Only config.ts's checks read it. */
  devMailbox: fromEnv(
    'DEV_MAILBOX',
    trueOrFalse.default('false').transform((v) => v === 'true'),
    {
      description:
        '`true` runs the local outbox on a non-loopback `HOST` on purpose (development only); `/dev/mailbox` still ' +
        'answers only this machine\'s own callers (see "Who counts as this machine")',
    },
  ),

  /** config.ts makes `payments` of these: Stripe when its three keys are set, else the sandbox. */
  stripe: z.object({
    secretKey: fromEnv(
      'STRIPE_SECRET_KEY',
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
      {
        section: 'Payments',
        secret: true,
        unset: 'the sandbox',
        description:
          "Stripe's secret key (`sk_…` or a restricted `rk_…`). With `STRIPE_PUBLISHABLE_KEY` and " +
          '`STRIPE_WEBHOOK_SECRET` it switches card payments to Stripe (the official SDK on the server, Stripe.js ' +
          'PaymentElement in the browser, `https://js.stripe.com` and `https://api.stripe.com` added to the CSP); ' +
          'set some of the three but not all and the server refuses to start',
      },
    ),
    publishableKey: fromEnv(
      'STRIPE_PUBLISHABLE_KEY',
      z
        .string()
        .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
        .optional(),
      {
        unset: 'the sandbox',
        description: "Stripe's publishable key (`pk_…`), handed to Stripe.js in the browser; one of the three",
      },
    ),
    webhookSecret: fromEnv(
      'STRIPE_WEBHOOK_SECRET',
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
        .optional(),
      {
        secret: true,
        unset: 'the sandbox',
        description:
          "the signing secret of Stripe's webhook (`whsec_…`); one of the three. Point the webhook at " +
          '`POST {PUBLIC_URL}/v1/payments/webhook` with the event `payment_intent.succeeded` (others are ' +
          'acknowledged and ignored)',
      },
    ),
    apiBase: fromEnv(
      'STRIPE_API_BASE',
      z.url({ error: 'must be an absolute URL' }).default('https://api.stripe.com').transform(withoutTrailingSlash),
      {
        description:
          'where the stripe SDK sends its calls; `https://` except with `NODE_ENV=test` (tests point it at a local ' +
          "fake of Stripe's API)",
      },
    ),
    timeoutMs: fromEnv('STRIPE_TIMEOUT_MS', wholeNumber(100, 60_000).default(8000), {
      description:
        'how long one call to Stripe may take, in ms, before it is given up and tried once more under the same ' +
        'idempotency key; a checkout call answers within about twice this when Stripe stalls, with "The payment ' +
        'service is not answering. Please try again in a moment."',
    }),
  }),
  sandboxEventDelayMs: fromEnv(
    'SANDBOX_EVENT_DELAY_MS',
    z.coerce.number({ error: 'must be a number' }).int().min(0).max(600_000).default(0),
    {
      description:
        'how long the sandbox waits, in ms, before delivering a `payment_intent.succeeded` event to the shop (its ' +
        'in-process webhook)',
    },
  ),

  googleClientId: fromEnv(
    'GOOGLE_CLIENT_ID',
    z.string().min(10, 'must be a Google OAuth client id').optional().transform(orNull),
    {
      section: 'Google sign-in',
      unset: 'Google sign-in off',
      description:
        'turns Google sign-in on (the button is shown disabled with a note without it); the access token is ' +
        'checked with Google (audience = this id) before its e-mail is trusted',
    },
  ),
  /** Base of Google's token-info API; tests point it at a local fake. */
  googleApiBase: fromEnv(
    'GOOGLE_API_BASE',
    z.url({ error: 'must be an absolute URL' }).default('https://www.googleapis.com').transform(withoutTrailingSlash),
    {
      description:
        "where Google's token-info API lives; must be `https://` except with `NODE_ENV=test` (tests point it at a " +
        'local fake)',
    },
  ),

  clientDistDir: fromEnv(
    'CLIENT_DIST_DIR',
    z
      .string()
      .min(1)
      .default('./dist')
      .transform((dir) => path.resolve(dir)),
    { section: 'Files', description: 'where the built client (`npm run build`) is served from' },
  ),
  mediaDir: fromEnv(
    'MEDIA_DIR',
    z
      .string()
      .min(1)
      .default('./public/media')
      .transform((dir) => path.resolve(dir)),
    {
      description:
        'folder served under `/media/` (HLS playlists and segments, posters, slides); its `streams/` folder is ' +
        'protected (see "Watching")',
    },
  ),

  /** Watching: signed media URLs and the demo's generated live and on-demand programs. */
  streams: z.object({
    urlTtlMinutes: fromEnv('STREAM_URL_TTL_MINUTES', wholeNumber(1, 240).default(10), {
      section: 'Watching',
      description: 'how long a signed media URL works, in minutes',
    }),
    vodMinutes: fromEnv('STREAM_VOD_MINUTES', wholeNumber(0, 1440).default(30), {
      description:
        'on-demand playlists loop the short demo clips to at least this many minutes (`0` = the files as they are)',
    }),
    liveMinutes: fromEnv('STREAM_LIVE_MINUTES', wholeNumber(1, 1440).default(240), {
      description: "a 'Live' event is live HLS this many minutes from its air start, then a replay",
    }),
  }),
  /** The device limit: open viewing sessions per ticket, and the heartbeat that keeps one open. */
  viewing: z.object({
    deviceLimit: fromEnv('DEVICE_LIMIT', wholeNumber(1, 20).default(2), {
      description:
        'devices one ticket (a premium event bought by one user) may play on at once; a further device is ' +
        "refused with a message naming the limit and offered 'Watch here instead', which stops the ticket's " +
        'oldest device',
    }),
    heartbeatSeconds: fromEnv('VIEWING_HEARTBEAT_SECONDS', wholeNumber(5, 300).default(30), {
      description:
        'how often the player heartbeats its viewing session, in seconds; a session silent for twice as long ' +
        'frees its device slot, and a device another one took over stops within one interval',
    }),
  }),
  /** The player's quality beacons (modules/streams/playbackQuality*): how long their figures are kept. */
  playbackQuality: z.object({
    retentionDays: fromEnv('QOE_RETENTION_DAYS', wholeNumber(1, 365).default(30), {
      description:
        "how long the player's quality reports (startup, stalls, rung switches, fatal errors per viewing session; " +
        'see "Quality of experience") are kept, in days; older ones are deleted within the hour',
    }),
  }),

  /** config.ts multiplies guests' per-address limits by it. */
  guestAddressLimitFactor: fromEnv('GUEST_ADDRESS_LIMIT_FACTOR', wholeNumber(1, 1000).default(1), {
    section: 'Limits and embeds',
    description:
      "multiplies guests' per-address limits (promo codes, stream configs, viewing sessions; see Limits) for " +
      "networks where many visitors share one address, such as a venue's Wi-Fi or a carrier-grade NAT",
  }),
  /** A third-party newsletter form to embed on the home page; null: our own form. */
  newsletterEmbedUrl: fromEnv(
    'NEWSLETTER_EMBED_URL',
    z
      .url({ protocol: /^https$/, error: 'must be an https:// URL' })
      .optional()
      .transform(orNull),
    {
      unset: 'our own form',
      description:
        'an https:// sign-up form to embed on the home page instead of our own (`POST /v1/public/newsletter`); its ' +
        "origin is added to the CSP's frame-src",
    },
  ),

  /** Real live shows: the ingest beside the server (modules/live). */
  live: z.object({
    ingest: fromEnv('LIVE_INGEST', z.enum(['auto', 'off'], { error: "must be 'auto' or 'off'" }).default('auto'), {
      section: 'Live ingest (README "Going live")',
      description:
        "`auto`: `npm start` starts the live ingest beside the server when nginx's RTMP module and ffmpeg are " +
        'installed; `off`: never',
    }),
    rtmpPort: fromEnv('LIVE_RTMP_PORT', portNumber(1, 65535).default(1935), {
      description: 'the port encoders publish RTMP to',
    }),
    srtPortBase: fromEnv('LIVE_SRT_PORT_BASE', portNumber(1024, 64000).default(10000), {
      description: 'the first UDP port of the SRT listeners: each feed gets a port of its own from here (up to 1,000)',
    }),
    /** The host encoders connect to; unset: PUBLIC_URL's (config.ts). */
    ingestHost: fromEnv(
      'LIVE_INGEST_HOST',
      z
        .string()
        .regex(/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'must be a host name or address')
        .optional(),
      {
        unset: "`PUBLIC_URL`'s host",
        example: 'live.example.com',
        description: 'the host name encoders connect to, as `npm run live:keys` prints it',
      },
    ),
    reconnectMinutes: fromEnv('LIVE_RECONNECT_MINUTES', wholeNumber(1, 240).default(30), {
      description:
        'how many minutes a show waits for its encoders after the last one left before it ends by itself; an ' +
        'encoder back within it continues the same show',
    }),
    x264Preset: fromEnv(
      'LIVE_X264_PRESET',
      z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
      { description: 'the x264 preset of the live ladder: a faster one costs less CPU per angle for a few more bits' },
    ),
    /** The ingest's engines: Debian's paths by default. */
    engines: z.object({
      nginx: fromEnv('NGINX_PATH', z.string().min(1).default('/usr/sbin/nginx'), {
        description: "the nginx the live ingest runs (Debian's path)",
      }),
      rtmpModule: fromEnv('LIVE_RTMP_MODULE', z.string().min(1).default('/usr/lib/nginx/modules/ngx_rtmp_module.so'), {
        description: "the RTMP module the live ingest's nginx loads (Debian's path)",
      }),
      ffmpeg: fromEnv('FFMPEG_PATH', z.string().min(1).default('ffmpeg'), {
        description: 'the ffmpeg the live ingest transcodes with',
      }),
      ffprobe: fromEnv('FFPROBE_PATH', z.string().min(1).default('ffprobe'), {
        description: 'the ffprobe the live ingest reads feeds with',
      }),
    }),
  }),
});

export type Settings = z.output<typeof settingsSchema>;
