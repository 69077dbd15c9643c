/** What a secret is replaced with wherever state or actions leave the page (DevTools, support exports). */
export const REDACTED = '[redacted]';

/**
 * Keys whose values are credentials: bearer tokens, the guest cart key, sign-in codes, payment
 * secrets, a viewing session's key (the player's `sessionKey`, and its header's name), a ticket's signed
 * entitlement (`entitlement`, its header, and its `token` in an answer). Matched on the
 * whole key name, lower-cased: a new secret needs its name here.
 */
const SECRET_KEYS = new Set([
  'token',
  'authtoken',
  'usertoken',
  'auth_token',
  'user_token',
  'guestcarttoken',
  'guest_cart_token',
  'carttoken',
  'accesstoken',
  'access_token',
  'idtoken',
  'client_secret',
  'clientsecret',
  'otp',
  'password',
  'authorization',
  'sessionkey',
  'x-viewing-session-key',
  'entitlement',
  'x-viewing-entitlement',
]);
/** Secrets recognisable by shape wherever they sit: JWTs (our tokens, Google's) and Stripe client secrets. */
const SECRET_SHAPES = [/^eyJ[\w-]+\.[\w-]+\.[\w-]*$/, /^(pi|seti)_\w+_secret_\w+$/, /^Bearer\s+\S+$/i];

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/**
 * A copy of `value` with every secret replaced by REDACTED: by key name anywhere in the tree and by
 * shape for any string. Objects that are not plain data (a Request in RTK Query's meta, whose headers
 * hold the bearer) become a short description. Unchanged branches are shared, not copied, so it stays
 * cheap enough to run on every action while DevTools is open.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return (SECRET_SHAPES.some((re) => re.test(value)) ? REDACTED : value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 40) return '[too deep]' as T;
  if (!isPlain(value)) return `[${value.constructor?.name ?? 'object'}]` as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = redactSecrets(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const next =
      SECRET_KEYS.has(key.toLowerCase()) && item !== null && item !== undefined && item !== ''
        ? REDACTED
        : redactSecrets(item, depth + 1);
    if (next !== item) changed = true;
    out[key] = next;
  }
  return (changed ? out : value) as T;
}
