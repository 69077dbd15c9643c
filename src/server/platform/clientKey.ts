import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/** The key of a client whose connection closed before its request was counted. */
const GONE = 'gone';

/**
 * How limits count a client: an IPv4 address one by one (an IPv4-mapped IPv6 address is the same
 * client, as on a dual-stack HOST=::), an IPv6 address by its /64, since one subscriber usually holds
 * a whole /64 and can pick any address in it. The same grouping as the rate-limit plugin's own
 * (ipv6Subnet: 64), for the limits kept by our own code.
 */
export function clientKey(ip: string | undefined): string {
  // A client that hung up has no address by the time its request is counted (Node forgets a closed
  // socket's remote address; Fastify's types promise a string): one key for all of them, since
  // nobody is left to answer. bench:showtime met it when nginx gave up on slow requests (a 500 each).
  if (ip === undefined) return GONE;
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${ip}/64`).startAddress().correctForm()}/64`;
}
