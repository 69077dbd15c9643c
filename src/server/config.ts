import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { settingsSchema, type Settings } from './configSettings';
import { assertDataDirWritable } from './platform/dataDirCheck';
import { envInput, envSettings, problemLines } from './platform/envSetting';
import { isLoopback } from './platform/network';
import { ensurePrivateDir, readOrCreateSecretFile } from './platform/privateFiles';

/**
 * The server's configuration: configSettings.ts's variables, checked together, with the fields that
 * take several of them (or a file) worked out. Its type is this schema's output.
 */
const configSchema = settingsSchema.transform((settings, ctx) => {
  const problems = deploymentProblems(settings);
  for (const message of problems) ctx.issues.push({ code: 'custom', message, input: undefined });
  return problems.length ? z.NEVER : derived(settings);
});

export type AppConfig = z.output<typeof configSchema>;

const SETTINGS = envSettings(settingsSchema);

/** The name of every variable the server reads (.env.example must list them all). */
export const CONFIG_VARIABLES = SETTINGS.map((s) => s.env);

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
  const parsed = configSchema.safeParse(envInput(settingsSchema, stripEmpty(env)));
  if (!parsed.success) throw new ConfigError(problemLines(parsed.error.issues, SETTINGS));
  return parsed.data;
}

/** The fields that take several variables (or the secret file), once each variable passed its check. */
function derived(settings: Settings) {
  const { jwtSecret, publicUrl, catalogCacheMb, guestAddressLimitFactor, stripe, sandboxEventDelayMs, ...direct } =
    settings;
  const { devMailbox: _onlyChecked, live, ...rest } = direct;
  return {
    ...rest,
    // Unset stays undefined (not null), as the database's options take it.
    databaseUrl: rest.databaseUrl,
    jwtSecret: jwtSecret ?? generatedSecret(settings.dataDir),
    publicUrl: (publicUrl ?? `http://localhost:${settings.port}`).replace(/\/$/, ''),
    /** Card payments: the sandbox (default) or Stripe, when its three keys are set. */
    payments:
      stripe.secretKey && stripe.publishableKey && stripe.webhookSecret
        ? {
            provider: 'stripe' as const,
            secretKey: stripe.secretKey,
            publishableKey: stripe.publishableKey,
            webhookSecret: stripe.webhookSecret,
            apiBase: stripe.apiBase,
            timeoutMs: stripe.timeoutMs,
          }
        : { provider: 'sandbox' as const, eventDelayMs: sandboxEventDelayMs },
    live: {
      ...live,
      ingestHost: live.ingestHost ?? new URL(publicUrl ?? 'http://localhost').hostname,
      /** Where the ingest writes each show's segments and lists. */
      dir: path.join(settings.dataDir, 'live'),
    },
    limits: limits(catalogCacheMb, guestAddressLimitFactor),
  };
}

/** Limits in one place: every rate limit and lifetime the server enforces. */
function limits(catalogCacheMb: number, guestAddressLimitFactor: number) {
  return {
    guestTokensPerMinutePerIp: 60,
    newsletterSignupsPerMinutePerIp: 10,
    catalogVersionCheckMs: 1000,
    /** Memory the catalog's read cache may use, in bytes. */
    catalogCacheBytes: catalogCacheMb * 1024 * 1024,
    userTokenTtlSeconds: 60 * 60 * 24 * 30,
    signInCode: {
      ttlMinutes: 10,
      maxAttempts: 5,
      resendSeconds: 60,
      /** Wrong codes from one client (its address, IPv6 by /64) in an hour: then it is refused. */
      failedAttemptsPerClientPerHour: 30,
      /** Wrong codes for one e-mail address, from anyone, within `emailSlowdownMinutes`: then it waits. */
      failedAttemptsPerEmail: 10,
      /** How long an e-mail address is slowed down at most (its failures' window). */
      emailSlowdownMinutes: 15,
    },
    codeRequestsPerMinutePerIp: 10,
    checkUserPerMinutePerIp: 30,
    verifyPerMinutePerIp: 30,
    /** Lines in one cart. */
    cartMaxLines: 50,
    /** applyVoucher calls per caller (user, or guest token) per minute: code guessing. */
    voucherAttemptsPerMinute: 10,
    /** createPaymentIntent and createCartOrder calls per user per minute. */
    checkoutCallsPerMinute: 30,
    /** Sandbox card confirmations per user per minute (card testing). */
    cardAttemptsPerMinute: 10,
    /** Stream config calls per caller (user, or guest token) per minute. */
    streamConfigCallsPerMinute: 60,
    /** Viewing sessions opened per caller per minute. */
    viewingOpensPerMinute: 30,
    /** Console image uploads per organizer per minute (each one takes a core to decode). */
    imageUploadsPerMinute: 20,
    /** Events (new or copied) and coupons an organizer creates per minute: each writes rows and an audit entry. */
    consoleCreatesPerMinute: 20,
    /** Viewers' message changes per organizer per minute: each reaches every player within a second. */
    liveMessagesPerMinute: 20,
    /** Joining or leaving waiting lists per fan per minute: each moves the line (reading a place is apart). */
    waitlistChangesPerMinute: 10,
    /** Reading one's place on waiting lists per fan per minute (the event page asks once per visit). */
    waitlistReadsPerMinute: 30,
    /** Uploads one process decodes at once; past it, a 503 (sharp's decoders take memory and a core each). */
    imageDecodesAtOnce: 2,
    /** Viewing-session heartbeats and closes per caller per minute. */
    viewingHeartbeatsPerMinute: 120,
    /** 'Watch here instead' takeovers per caller per minute: each one stops another device's picture. */
    viewingTakeoversPerMinute: 10,
    /** Quality beacons per viewing session per minute (a player sends about two). */
    qualityBeaconsPerMinutePerSession: 10,
    /** Quality beacons per client address per minute, every player behind it together. */
    // Two a minute from each of 300 players behind one address (a venue's Wi-Fi raises the factor).
    qualityBeaconsPerMinutePerAddress: 600 * guestAddressLimitFactor,
    /**
     * Guest tokens cost nothing, so guests' calls are also counted per client address (IPv6 by /64):
     * one budget a minute for every guest behind it. Signed-in users are not counted here.
     */
    guestsPerAddress: {
      voucherAttemptsPerMinute: 10 * guestAddressLimitFactor,
      streamConfigCallsPerMinute: 120 * guestAddressLimitFactor,
      viewingOpensPerMinute: 60 * guestAddressLimitFactor,
      /** GET /v1/live/{id}: a live player asks once a second; every caller counts, signed in or not. */
      // Twenty players behind one address; a venue's Wi-Fi raises the factor, the edge caches the answer.
      liveStateCallsPerMinute: 1200 * guestAddressLimitFactor,
    },
    guestTokenTtlSeconds: 60 * 60 * 24 * 30,
    bodyLimitBytes: 64 * 1024,
  };
}

/** Settings that are each valid alone but unsafe together, or in production. */
function deploymentProblems(s: Settings): string[] {
  const production = s.env === 'production';
  const problems: string[] = [];
  if (production && !s.jwtSecret)
    problems.push('JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  // Instances sharing Redis are meant to be many: a key generated under each one's DATA_DIR would differ.
  if (s.redisUrl && !s.jwtSecret)
    problems.push('JWT_SECRET: required with REDIS_URL (every instance must sign tokens with the same key)');
  if (production && !s.smtpUrl)
    problems.push('SMTP_URL: required when NODE_ENV=production (the local outbox is for development only)');
  // The outbox holds every sign-in code: a server others can reach must mail for real, unless told otherwise.
  if (!production && !s.smtpUrl && !s.devMailbox && !isLoopback(s.host)) {
    problems.push(
      'SMTP_URL: required when HOST is not a loopback address (or set DEV_MAILBOX=true to run the local outbox on ' +
        'purpose)',
    );
  }
  const stripeKeys = [
    ['STRIPE_SECRET_KEY', s.stripe.secretKey],
    ['STRIPE_PUBLISHABLE_KEY', s.stripe.publishableKey],
    ['STRIPE_WEBHOOK_SECRET', s.stripe.webhookSecret],
  ] as const;
  const missingStripe = stripeKeys.filter(([, value]) => !value).map(([name]) => name);
  if (missingStripe.length > 0 && missingStripe.length < stripeKeys.length) {
    problems.push(
      `${missingStripe.join(', ')}: required with the other Stripe keys (set all three for Stripe, or none for the ` +
        `sandbox)`,
    );
  }
  if (s.env !== 'test' && !s.stripe.apiBase.startsWith('https://')) {
    problems.push('STRIPE_API_BASE: must be an https:// URL (plain http is accepted only with NODE_ENV=test)');
  }
  if (s.env !== 'test' && !s.googleApiBase.startsWith('https://')) {
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
