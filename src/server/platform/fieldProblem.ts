/**
 * Refusals a person can read: "First name must not be empty." rather than "body.firstName: must not
 * be empty". The field is named in words (and still unambiguously: the words come from the field's
 * own name); the problem is the end of the sentence, as the contract's messages are written
 * (src/shared/contract/zod.ts). A problem that is a whole sentence already (it starts with a
 * capital, as the spec's own texts do: 'Promo code is empty ') is used as it is.
 */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';
type PathKey = string | number;

/** Fields whose words are not simply their name split up. */
const FIELD_WORDS: Record<string, string> = {
  emailId: 'e-mail address',
  email: 'e-mail address',
  otp: 'code',
  loginSource: 'sign-in method',
  accessToken: 'Google access token',
  NewUser: 'new-account flag',
  asset_id: 'event',
  assetId: 'event',
  eventId: 'event',
  subscriptionId: 'subscription',
  coupon_code: 'promo code',
  cart_token: 'cart key',
  guest_cart_token: 'guest cart key',
  cartId: 'cart',
  paymentIntentId: 'payment intent id',
  client_secret: 'payment secret',
  return_url: 'return address',
  exp_month: 'expiry month',
  exp_year: 'expiry year',
  cvc: 'CVC',
  sessionId: 'viewing session',
  sessionKey: 'viewing session key',
  seq: 'beacon number',
  startupMs: 'startup time (ms)',
  stallMs: 'stalled time (ms)',
  playMs: 'playing time (ms)',
  session: 'viewing session',
  categoryId: 'category',
  cursor: 'page cursor',
  id: 'id',
};

const PART_WORDS: Record<RequestPart, string> = {
  body: 'the request',
  querystring: 'the address',
  params: 'the address',
  headers: 'the request headers',
};

/** "coupon_code" → "coupon code", "firstName" → "first name", "userId" → "user id". */
function words(key: string): string {
  // Own keys only: a field named "constructor" or "__proto__" must not find Object.prototype's.
  const known = Object.hasOwn(FIELD_WORDS, key) ? FIELD_WORDS[key] : undefined;
  return (
    known ??
    key
      .replace(/_/g, ' ')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The field in words: its own name, after its parent's where it has one ("card number", "filter path"). */
function fieldLabel(part: RequestPart, path: readonly PathKey[]): string {
  const keys = path.filter((k): k is string => typeof k === 'string');
  const last = keys.at(-1);
  if (last === undefined) return capitalize(PART_WORDS[part]);
  const parent = keys.at(-2);
  const label = parent === undefined ? words(last) : `${words(parent)} ${words(last)}`;
  // A path segment lives in the address; say so, since the person did not type it into a form.
  return capitalize(part === 'params' ? `the ${label} in the address` : label);
}

/** One refusal as a sentence. */
export function fieldProblem(part: RequestPart, path: readonly PathKey[], problem: string): string {
  if (/^[A-Z]/.test(problem)) return problem;
  const sentence = `${fieldLabel(part, path)} ${problem}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
