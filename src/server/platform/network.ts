import net from 'node:net';

/** True for an address (or host name) that only this machine can reach. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === 'localhost' || a === '::1' || (net.isIPv4(a) && a.startsWith('127.'));
}

/**
 * The key a rate limit counts a client under: its IPv4 address, or the /64 network of an IPv6
 * address (one subscriber usually holds a whole /64, so counting single addresses is no limit).
 */
export function rateLimitKey(ip: string): string {
  const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (!net.isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, zero-padded ('::' expanded, zone id dropped). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (right.length && net.isIPv4(right.at(-1)!)) {
    const [a, b, c, d] = right.pop()!.split('.').map(Number) as [number, number, number, number];
    right.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => g.padStart(4, '0').toLowerCase());
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A TRUST_PROXY entry: an address, a CIDR range, or one of proxy-addr's names. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry) || net.isIP(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !bits || !/^\d+$/.test(bits)) return false;
  const version = net.isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}
