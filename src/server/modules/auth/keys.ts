import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

/**
 * One configured secret, one key per purpose (HKDF-SHA256 with a label each): a token signature
 * can never stand in for a code hash or the other way round, and a later purpose (signed media URLs)
 * gets a key of its own without a new secret to manage.
 */
export type ServerKeys = {
  tokenSigning: KeyObject;
  codeHashing: Buffer;
  /** Signs the sandbox payment provider's webhook events (Stripe's scheme, our secret). */
  sandboxWebhook: string;
  /**
   * Signs protected media URLs (modules/streams): a URL signature can never pass as a token. A text,
   * since the edge holds it too (nginx secure_link_md5; `npm run edge:secret` prints its line).
   */
  mediaSigning: string;
  /** Proves the live ingest's callbacks and the live commands to the server (modules/live). */
  ingestControl: string;
  /** Derives each feed's SRT passphrase from its stream key's hash (modules/live/streamKeys.ts). */
  srtPassphrases: Buffer;
  /** Signs a ticket's entitlement to watch, trusted while the database is out of reach (modules/streams). */
  viewingEntitlement: Buffer;
  /** Derives the key of a viewing session opened while the database was out of reach (modules/streams). */
  outageSessions: Buffer;
};

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', `allaccess/${purpose}/v1`, 32));

export function deriveKeys(secret: string): ServerKeys {
  return {
    tokenSigning: createSecretKey(derive(secret, 'token-signing')),
    codeHashing: derive(secret, 'sign-in-code-hashing'),
    sandboxWebhook: `whsec_${derive(secret, 'sandbox-webhook-signing').toString('base64url')}`,
    mediaSigning: derive(secret, 'media-url-signing').toString('base64url'),
    ingestControl: derive(secret, 'live-ingest-control').toString('base64url'),
    srtPassphrases: derive(secret, 'live-srt-passphrase'),
    viewingEntitlement: derive(secret, 'viewing-entitlement'),
    outageSessions: derive(secret, 'outage-viewing-session'),
  };
}
