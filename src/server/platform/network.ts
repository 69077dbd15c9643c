import net from 'node:net';

/** True for an address (or host name) that only this machine can reach. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === 'localhost' || a === '::1' || (net.isIPv4(a) && a.startsWith('127.'));
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

/**
 * True when a Host header names this machine: `localhost` or a loopback address, with or without a
 * port. A page on another site that rebinds its own name to 127.0.0.1 (DNS rebinding) still sends
 * its own name as Host, so a loopback socket alone does not prove the caller is on this machine.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/i.exec(host.trim());
  const name = (m?.[1] ?? m?.[2])?.toLowerCase().replace(/\.$/, '');
  return name !== undefined && isLoopback(name);
}

/** The ranges behind proxy-addr's names, so an allow list reads the same as TRUST_PROXY. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * A test for "is this client address in the list" (addresses, CIDR ranges, proxy-addr's names).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressMatcher(entries: string[]): (address: string | undefined) => boolean {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const a = address.startsWith('::ffff:') ? address.slice(7) : address;
    return net.isIP(a) !== 0 && list.check(a, net.isIPv6(a) ? 'ipv6' : 'ipv4');
  };
}
