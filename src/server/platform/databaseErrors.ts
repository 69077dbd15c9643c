/** What the caller is told while the database cannot be reached (a restart, a failover). */
export const DATABASE_UNAVAILABLE = 'The shop is unavailable for a moment. Please try again in a minute.';
/** What the caller is told when the database's disk is full: nothing new can be stored until it has room. */
export const STORAGE_FULL =
  'The shop cannot save anything right now because its storage is full. Please try again in a few minutes.';

// Socket errors, and PostgreSQL's "shutting down / cannot connect now / connection failure" classes.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGES = new RegExp(
  [
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error',
    'Connection terminated unexpectedly',
  ].join('|'),
  'i',
);

/**
 * True when an error means "the database is out of reach", not "this request is wrong": the server
 * then answers 503 with a sentence instead of a 500, and the load balancer and the visitor retry.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

// PostgreSQL's disk_full (a table or the write-ahead log could not grow); the file system's own.
const STORAGE_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/**
 * True when an error means "the database's disk is full": nothing new can be stored, and the caller
 * is told so in a sentence (a 503) instead of a 500. PGlite reports the file system's ENOSPC as
 * Emscripten's errno 51.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, errno } = e as { code?: unknown; errno?: unknown };
    if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
    if (errno === 51) return true;
  }
  return false;
}
