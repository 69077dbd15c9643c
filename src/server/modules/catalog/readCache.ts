import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';

/** A serialized answer, its strong ETag and, from 1 KiB, its brotli and gzip copies. */
export type CachedBody = { json: string; etag: string; br?: Buffer; gzip?: Buffer };

/** Smaller answers go uncompressed, as @fastify/compress's threshold in app.ts does. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Compressed once when cached instead of once per request: a browser always asks for br or gzip,
 * and compressing a listing per request cut the reads a process answers by two thirds. Brotli's
 * quality 5 keeps a cache miss cheap (a 60 KiB answer in about a millisecond).
 */
function compressedCopies(json: string): Pick<CachedBody, 'br' | 'gzip'> {
  const bytes = Buffer.from(json);
  if (bytes.length < COMPRESS_FROM_BYTES) return {};
  return {
    br: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzip: zlib.gzipSync(bytes, { level: 6 }),
  };
}

/** What an entry costs: its serialized answer and copies, its tag and its key, in bytes. */
const sizeOf = (entry: CachedBody, key: string) =>
  Buffer.byteLength(entry.json) + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + entry.etag.length + key.length;

/**
 * In-process cache of serialized catalog answers, bounded in bytes (least recently used entries
 * go first), so no mix of requests can grow it past `maxBytes`. Every entry belongs to a catalog
 * version; the version is read from the database at most once per `checkEveryMs`, so an import made
 * by another process or server instance is seen within that time, and an import in this process at once.
 */
export function createReadCache(
  readVersion: () => Promise<string>,
  options: { checkEveryMs?: number; maxBytes?: number; now?: () => number } = {},
) {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // 0 bytes: nothing is kept (lru-cache needs a positive size, so it gets one byte and every entry is larger).
  const entries = new LRUCache<string, CachedBody>({ maxSize: Math.max(1, maxBytes), sizeCalculation: sizeOf });
  let version: string | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<string> | null = null;

  async function currentVersion(): Promise<string> {
    if (version !== null && now() - checkedAt < checkEveryMs) return version;
    checking ??= readVersion().finally(() => {
      checking = null;
    });
    let latest: string;
    try {
      latest = await checking;
    } catch (error) {
      // The database out of reach: the answers kept stay good (the player page of a show under way
      // still opens); asked again after `checkEveryMs`. Nothing kept yet: the outage's 503 stands.
      if (version === null || !isDatabaseUnreachable(error)) throw error;
      checkedAt = now();
      return version;
    }
    checkedAt = now();
    if (latest !== version) {
      entries.clear();
      version = latest;
    }
    return latest;
  }

  return {
    /**
     * The cached answer for `key`, or `load()`'s, serialized once and tagged with a strong ETag.
     * Callers build keys only from normalized inputs that change the answer.
     */
    async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
      const v = await currentVersion();
      const hit = entries.get(key);
      if (hit) return hit;
      const json = JSON.stringify(await load());
      // An answer that will not be kept (cache off, or the catalog changed meanwhile) is not worth
      // compressing here: @fastify/compress does it for the one request that wants it.
      const kept = maxBytes > 0 && v === version;
      const entry: CachedBody = { json, etag: etagOf(json), ...(kept ? compressedCopies(json) : {}) };
      if (kept) entries.set(key, entry);
      return entry;
    },
    /** Drops everything now (this process changed the catalog). */
    invalidate() {
      entries.clear();
      version = null;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}
export type ReadCache = ReturnType<typeof createReadCache>;

const etagOf = (body: string) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
