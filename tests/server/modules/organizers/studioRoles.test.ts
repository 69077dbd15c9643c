// @databases both: smoke — the organizers module: roles read on every call, audit rows
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { STUDIO_MESSAGES } from '../../../../src/shared/contract/studio';
import { cartTestApp, type Who } from '../../../utils/cart';
import { listRoutes } from '../../../utils/routes';
import { grantOrganizer, revokeOrganizer } from '../../../utils/studio';
import { TEST_JWT_SECRET } from '../../../utils/testConfig';
import { b64 } from '../../../utils/tokens';

/**
 * The console's role matrix: every route under /v1/studio/, read from the app's own route table (a
 * new console route is covered the day it is added), called by every kind of caller. Only a
 * signed-in organizer gets past the role check; a shopper, a revoked organizer and a guest get 403,
 * no token and forged tokens (the organizer's own claims) 401, before anything is read or changed.
 */
const CALLERS = [
  'organizer',
  'shopper',
  'revoked organizer',
  'guest',
  'no token',
  'alg none',
  'expired',
  'wrong key',
] as const;
type CallerName = (typeof CALLERS)[number];
const EXPECTED: Record<Exclude<CallerName, 'organizer'>, number> = {
  shopper: 403,
  'revoked organizer': 403,
  guest: 403,
  'no token': 401,
  'alg none': 401,
  expired: 401,
  'wrong key': 401,
};

let x: Awaited<ReturnType<typeof cartTestApp>>;
const callers = {} as Record<CallerName, Who>;
const signingKey = deriveKeys(TEST_JWT_SECRET).tokenSigning;
const sign = (header: object, claims: object, key: crypto.KeyObject | Buffer = signingKey) => {
  const head = `${b64(header)}.${b64(claims)}`;
  return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`;
};

beforeAll(async () => {
  x = await cartTestApp();
  callers.organizer = await x.d.user('organizer');
  callers.shopper = await x.d.user('shopper');
  callers['revoked organizer'] = await x.d.user('revoked');
  callers.guest = await x.d.guest('guest');
  callers['no token'] = { label: 'no token' };
  await grantOrganizer(x.t.database.db, callers.organizer.userId!);
  await grantOrganizer(x.t.database.db, callers['revoked organizer'].userId!);
  await revokeOrganizer(x.t.database.db, callers['revoked organizer'].userId!);
  const claims = JSON.parse(
    Buffer.from(callers.organizer.authorization!.split(' ')[1]!.split('.')[1]!, 'base64url').toString(),
  );
  const now = Math.floor(Date.now() / 1000);
  const forged = (label: CallerName, token: string): Who => ({ label, authorization: `Bearer ${token}` });
  callers['alg none'] = forged('alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
  callers.expired = forged(
    'expired',
    sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 60 }),
  );
  callers['wrong key'] = forged('wrong key', sign({ alg: 'HS256', typ: 'JWT' }, claims, crypto.randomBytes(32)));
});
afterAll(async () => {
  await x?.t.close();
});

/** Every console route, with its path parameters filled by a value of the right shape. */
const studioRoutes = () =>
  listRoutes(x.t.app)
    .filter((r) => r.url.startsWith('/v1/studio/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({
      method: r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: r.url.replace(/:\w+/g, '1'),
    }));

const call = (route: ReturnType<typeof studioRoutes>[number], who: Who): Promise<LightMyRequestResponse> =>
  x.t.app.inject({
    method: route.method,
    url: route.url,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    headers: who.authorization ? { authorization: who.authorization } : {},
  });

describe('the console role matrix', () => {
  it('lists the console routes it checks (the console has routes)', () => {
    expect(studioRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /v1/studio/me', 'GET /v1/studio/audit']),
    );
  });

  it('refuses every caller but an organizer, on every console route, before anything else', async () => {
    const table: string[] = [];
    for (const route of studioRoutes()) {
      const got: string[] = [];
      for (const name of CALLERS) {
        const res = await call(route, callers[name]);
        got.push(`${name} ${res.statusCode}`);
        if (name === 'organizer') {
          // Past the role check: whatever the route says of an empty request, it is not a refusal of the caller.
          expect([route.url, name, [401, 403].includes(res.statusCode)]).toEqual([route.url, name, false]);
        } else {
          expect([route.method, route.url, name, res.statusCode]).toEqual([
            route.method,
            route.url,
            name,
            EXPECTED[name],
          ]);
          if (res.statusCode === 403 && name !== 'guest') expect(res.json().message).toBe(STUDIO_MESSAGES.notOrganizer);
        }
      }
      table.push(`${route.method} ${route.url}: ${got.join(', ')}`);
    }
    console.log(`The console role matrix:\n${table.join('\n')}`);
  });

  it('reads the role on every call: a revoke takes effect on the next call with the same token', async () => {
    const who = await x.d.user('lateorganizer');
    const me = () =>
      x.t.app.inject({ method: 'GET', url: '/v1/studio/me', headers: { authorization: who.authorization! } });
    expect((await me()).statusCode).toBe(403);
    await grantOrganizer(x.t.database.db, who.userId!);
    const granted = await me();
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toEqual({ userId: who.userId, email: expect.any(String), name: expect.any(String) });
    await revokeOrganizer(x.t.database.db, who.userId!);
    expect((await me()).statusCode).toBe(403);
  });
});
