import { isProxyAddress } from './network';

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or
 * proxy-addr's names (loopback, linklocal, uniquelocal). A hop count or `true` would believe the
 * nearest hop whoever it is, so a caller that reaches an instance directly could write any address
 * it likes and walk around every per-address limit: refused, in a line that says why.
 */
export function trustProxyProblem(value: string): string | null {
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every(isProxyAddress)) return null;
  if (entries.some((e) => /^\d+$/.test(e) || e.toLowerCase() === 'true')) {
    return (
      'must name the proxies to believe (addresses or CIDR ranges such as 10.0.0.5 or 10.0.0.0/8, or loopback), ' +
      'not a hop count or true: with those, a caller reaching the server directly could claim any address'
    );
  }
  return 'must be a comma-separated list of proxy addresses or CIDR ranges (such as 10.0.0.5,10.0.0.0/8 or loopback)';
}

/** The entries of a TRUST_PROXY value already checked by trustProxyProblem; unset: none. */
export const trustedProxyList = (value: string | undefined): string[] =>
  value === undefined ? [] : value.split(',').map((e) => e.trim());
