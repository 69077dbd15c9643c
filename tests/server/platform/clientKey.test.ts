// @databases postgres: its outcome does not depend on the kind of database
import { clientKey } from '../../../src/server/platform/clientKey';

describe('the key a limit counts a client by', () => {
  it('is an IPv4 address itself, and the same for its IPv4-mapped IPv6 form', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  });

  it('is one key for a client that hung up before it was counted (no address left), not a crash', () => {
    // Fastify's request.ip is undefined once the socket closed; this threw, and the request failed with a 500.
    expect(clientKey(undefined)).toBe('gone');
  });
});
