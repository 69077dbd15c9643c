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
