import type { FastifyRequest } from 'fastify';

/**
 * Headers by which a proxy says it forwarded a request (or names the client, host, scheme or path it
 * forwarded for): the de facto ones, the standard one (RFC 7239) and the CDNs' own. Anyone can write
 * them, so they never prove who is calling; their presence proves a request did not come straight
 * from whoever opened the socket, and that is what the "this machine only" checks ask. One list for
 * every such check.
 */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'forwarded-for',
  'x-forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-original-forwarded-for',
  'x-real-ip',
  'via',
  'client-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-envoy-external-address',
  'x-proxyuser-ip',
]);

/** Proxies keep inventing X-Forwarded-… headers (-Server, -Ssl, -Scheme, -Uri): every one counts. */
const FORWARDED_PREFIX = 'x-forwarded-';

/** True when any header says a proxy (or someone posing as one) stands between the caller and us. */
export function carriesForwardingHeader(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return FORWARDING_HEADERS.has(lower) || lower.startsWith(FORWARDED_PREFIX);
  });
}

/**
 * The client's address as far as the server can vouch for it, or null. From a trusted proxy
 * (TRUST_PROXY) that names the client in X-Forwarded-For: request.ip, resolved through trusted
 * proxies only. Otherwise the socket's own address, but only when no forwarding header of any kind
 * is present: a header from a proxy we do not believe (or a trusted proxy naming the client some
 * other way, such as X-Real-IP) means the socket's address is a proxy's, not the client's.
 */
export function vouchedClientAddress(
  request: FastifyRequest,
  isTrustedProxy: (address: string | undefined) => boolean,
): string | null {
  const socket = request.raw.socket.remoteAddress;
  if (isTrustedProxy(socket) && request.headers['x-forwarded-for'] !== undefined) return request.ip;
  return carriesForwardingHeader(request.headers) ? null : (socket ?? null);
}
