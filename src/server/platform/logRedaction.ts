import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: a payment's client secret, any token, a signature. */
const SECRET_PARAM = /secret|token|code|otp|^sig$/i;

/** A signed media path's signature (/media/signed/<sig>/…, modules/streams/urlSigner.ts), the prefix as spelled. */
const SIGNED_MEDIA = /^(\/media\/([^/?]+)\/)([^/?]+)/;

const decodedLower = (text: string) => {
  try {
    return decodeURIComponent(text).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
};

/**
 * A request URL as it may be logged: a signed media path's signature and the values of
 * secret-bearing query parameters replaced. The sandbox's authentication page and the confirmation
 * page after a card payment carry the payment's client secret in the query, as Stripe's redirects do.
 */
export function redactUrl(url: string): string {
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
