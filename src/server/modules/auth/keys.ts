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
  /** Signs protected media URLs (modules/streams): a URL signature can never pass as a token. */
  mediaSigning: Buffer;
};

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', `allaccess/${purpose}/v1`, 32));

export function deriveKeys(secret: string): ServerKeys {
  return {
    tokenSigning: createSecretKey(derive(secret, 'token-signing')),
    codeHashing: derive(secret, 'sign-in-code-hashing'),
    sandboxWebhook: `whsec_${derive(secret, 'sandbox-webhook-signing').toString('base64url')}`,
    mediaSigning: derive(secret, 'media-url-signing'),
  };
}
