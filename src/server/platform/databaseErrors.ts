/** What the caller is told while the database cannot be reached (a restart, a failover). */
export const DATABASE_UNAVAILABLE = 'The shop is unavailable for a moment. Please try again in a minute.';

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
