import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables we read; each has a default or is optional. README "Configuration" lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0–65535').max(65535, 'must be 0–65535').default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  CLIENT_DIST_DIR: z.string().min(1).default('./dist'),
  MEDIA_DIR: z.string().min(1).default('./public/media'),
  NEWSLETTER_EMBED_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('AllAccess <no-reply@allaccess.local>'),
  GOOGLE_CLIENT_ID: z.string().min(10, 'must be a Google OAuth client id').optional(),
  GOOGLE_API_BASE: z.url({ error: 'must be an absolute URL' }).default('https://www.googleapis.com'),
  SEED_DEMO_DATA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  /** Limits in one place: every rate limit and lifetime the server enforces. */
  limits: {
    guestTokensPerMinutePerIp: number;
    newsletterSignupsPerMinutePerIp: number;
    catalogVersionCheckMs: number;
    guestTokenTtlSeconds: number;
    bodyLimitBytes: number;
    userTokenTtlSeconds: number;
    signInCode: {
      ttlMinutes: number;
      maxAttempts: number;
      resendSeconds: number;
      failedAttemptsPerEmailPerHour: number;
    };
    codeRequestsPerMinutePerIp: number;
    checkUserPerMinutePerIp: number;
    verifyPerMinutePerIp: number;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError with one line per bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const productionProblems = [
    ...(e.NODE_ENV === 'production' && !e.JWT_SECRET ? ['JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)'] : []),
    ...(e.NODE_ENV === 'production' && !e.SMTP_URL ? ['SMTP_URL: required when NODE_ENV=production (the local outbox is for development only)'] : []),
  ];
  if (productionProblems.length) throw new ConfigError(productionProblems);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
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
    limits: {
      guestTokensPerMinutePerIp: 60,
      newsletterSignupsPerMinutePerIp: 10,
      catalogVersionCheckMs: 1000,
      userTokenTtlSeconds: 60 * 60 * 24 * 30,
      signInCode: { ttlMinutes: 10, maxAttempts: 5, resendSeconds: 60, failedAttemptsPerEmailPerHour: 100 },
      codeRequestsPerMinutePerIp: 10,
      checkUserPerMinutePerIp: 30,
      verifyPerMinutePerIp: 30,
      guestTokenTtlSeconds: 60 * 60 * 24 * 30,
      bodyLimitBytes: 64 * 1024,
    },
  };
}

/** An empty variable means "not set", as most shells and .env files intend. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((kv): kv is [string, string] => kv[1] !== undefined && kv[1] !== ''));
}

/** A development secret generated once and kept beside the data, so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
