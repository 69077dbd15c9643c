import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A new stream key: 24 random bytes, URL-safe, shown once to the organizer and never stored. */
export const newStreamKey = () => `live_${randomBytes(24).toString('base64url')}`;

/** What the database keeps of a key, and what a publish's key is looked up by. */
export const hashStreamKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url');

/**
 * A stream key's look: what the ingest's callback checks before it hashes anything, so garbage
 * (a path, a query, a very long name) is refused without a database call.
 */
export const STREAM_KEY_SHAPE = /^live_[A-Za-z0-9_-]{32}$/;

/**
 * A feed's SRT passphrase, derived from its key's hash with a server key: libsrt checks it in the
 * handshake (a caller with another passphrase never connects), the server can give it to the SRT
 * listener without keeping the key, and a rotated key changes it. 32 characters (SRT takes 10–79).
 */
export const srtPassphrase = (serverKey: Buffer, keyHash: string) =>
  createHmac('sha256', serverKey).update(keyHash).digest('base64url').slice(0, 32);
