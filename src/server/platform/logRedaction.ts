import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: a payment's client secret, any token, a signature. */
const SECRET_PARAM = /secret|token|code|otp|^sig$/i;

/**
 * A request URL as it may be logged: the values of secret-bearing query parameters replaced. The
 * sandbox's authentication page and the confirmation page after a card payment carry the payment's
 * client secret in the query, as Stripe's redirects do.
 */
export function redactUrl(raw: string): string {
  // A signed media URL carries its signature in the path (modules/streams/urlSigner.ts).
  const url = raw.replace(/^\/media\/signed\/[^/?]*/, '/media/signed/[redacted]');
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

/** Fastify's default request serializer, with the URL redacted. */
export const requestSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
