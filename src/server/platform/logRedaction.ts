import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: a payment's client secret, any token, a signature. */
const SECRET_PARAM = /secret|token|code|otp|^sig$/i;

/** A signed media path's signature (/media/signed/<sig>/…, modules/streams/urlSigner.ts), the prefix as spelled. */
const SIGNED_MEDIA = /^(\/media\/([^/?]+)\/)([^/?]+)/;

/**
 * A path whose own segment is a bearer secret: the guaranteed view's one-click link
 * (`/make-good/{token}`, the page, and `/v1/make-good/{token}`, its API). Whoever holds the token
 * chooses the fan's refund or credit, so it never reaches a log.
 */
const SECRET_SEGMENT = /^(\/(?:v1\/)?make-good\/)([^/?]+)/i;

const decodedLower = (text: string) => {
  try {
    return decodeURIComponent(text).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
};

/**
 * A request URL as it may be logged: a signed media path's signature, a make-good link's token and
 * the values of secret-bearing query parameters replaced. The sandbox's authentication page and the confirmation
 * page after a card payment carry the payment's client secret in the query, as Stripe's redirects do.
 */
export function redactUrl(url: string): string {
  const secretSegment = SECRET_SEGMENT.exec(url);
  if (secretSegment) return redactQuery(`${secretSegment[1]}[redacted]${url.slice(secretSegment[0].length)}`);
  const signed = SIGNED_MEDIA.exec(url);
  if (signed && decodedLower(signed[2]!) === 'signed')
    return redactQuery(`${signed[1]}[redacted]${url.slice(signed[0].length)}`);
  return redactQuery(url);
}

function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAM.test(key)) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Fastify's default request serializer, with the URL redacted and the route that answered it. */
export const requestSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  route: req.routeOptions?.url,
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
