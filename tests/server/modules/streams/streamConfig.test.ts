// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES, streamConfigData, streamConfigResponse } from '../../../../src/shared/contract/streams';
import { DEMO_ANGLES } from '../../../../src/server/db/seed/demoStreams';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { createEntitlements } from '../../../../src/server/modules/orders/entitlements';
import { createStreamRepository } from '../../../../src/server/modules/streams/streamRepository';
import { createStreamService, type SessionCheck } from '../../../../src/server/modules/streams/service';
import {
  createMediaSigner,
  parseSignedMediaPath,
  premiumMediaUrlSeconds,
  SIGNED_MEDIA_PREFIX,
} from '../../../../src/server/modules/streams/urlSigner';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createRepositories } from '../../../../src/server/repositories';
import { Conflict } from '../../../../src/server/platform/domainErrors';
import { giveOrder } from '../../../utils/cart';
import { configData, grantOf, HOUR, signedParts, streamsTestApp, urlsOf, type StreamsTestApp } from './streamsFixture';

let x: StreamsTestApp;
beforeAll(async () => {
  x = await streamsTestApp();
});
afterAll(() => x.t.close());

/** /media/signed/<md5>/<exp>/<grant>/streams/<folder>/index.m3u8, the grant e<event>.<tag>[.<session>]. */
const SIGNED =
  /^\/media\/signed\/[A-Za-z0-9_-]{22}\/\d+\/e\d+\.[ug][A-Za-z0-9_-]+(\.[0-9a-f-]{36})?\/streams\/[a-z0-9-]+\/index\.m3u8$/;

describe('GET /v1/admin/asset/streamconfig/{id}', () => {
  it('answers 401 without a token', async () => {
    const res = await x.s.config({ label: 'nobody' }, 'str-free');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('refuses a guest on a premium event with 403 and the contract message', async () => {
    const res = await x.s.config(await x.d.guest(), 'str-premium');
    expect([res.statusCode, res.json().message]).toEqual([403, STREAM_MESSAGES.notEntitled]);
  });

  it('refuses a signed-in user without an order with 403 and the contract message', async () => {
    const res = await x.s.config(await x.d.user('no-order'), 'str-premium');
    expect([res.statusCode, res.json().message]).toEqual([403, STREAM_MESSAGES.notEntitled]);
  });

  it('answers a buyer: nine named angles, every URL signed for them and their viewing session, expiring after two heartbeats, private', async () => {
    const who = await x.d.user('buyer');
    await giveOrder(x.t.database.db, who.userId!, [x.ids['str-premium']!]);
    const res = await x.s.config(who, 'str-premium');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = streamConfigResponse.parse(res.json());
    expect(body).toMatchObject({
      success: true,
      message: STREAM_MESSAGES.config,
      data: { mode: 'vod', airStartDate: '2026-01-10T20:00:00.000Z' },
    });
    const config = streamConfigData.parse(JSON.parse(body.data.config_data));
    expect(config.streamUrls.map((s) => s.name)).toEqual([...DEMO_ANGLES]);
    expect(config.Program).toBe('Program');
    expect(config.layoutConfigs.map((l) => l.layout)).toEqual([
      'single',
      'two-up',
      'grid-2x2',
      'grid-3x3',
      'main-strip',
    ]);
    const urls = urlsOf(config);
    expect(urls.filter((u) => !SIGNED.test(u))).toEqual([]);
    expect([signedParts(config.streamUrls[0]!.url).dir, signedParts(config.streamUrls[0]!.url).file]).toEqual([
      'streams/angle-1',
      'index.m3u8',
    ]);
    // A premium event's URLs live two heartbeats (not STREAM_URL_TTL_MINUTES): the edge checks only the signature.
    const ttl = premiumMediaUrlSeconds(x.t.config.viewing.heartbeatSeconds);
    expect(ttl).toBe(2 * x.t.config.viewing.heartbeatSeconds);
    expect(ttl).toBeLessThan(x.t.config.streams.urlTtlMinutes * 60);
    const exp = Math.floor(x.clock.now() / 1000) + ttl;
    const session = grantOf(urls[0]!).s!;
    expect(x.s.sessions.keyOf(session)).not.toBeNull();
    const grant = `e${x.ids['str-premium']}.u${who.userId}.${session}`;
    expect(urls.filter((u) => signedParts(u).grant !== grant || signedParts(u).exp !== String(exp))).toEqual([]);
    expect(body.data.expiresAt).toBe(new Date(exp * 1000).toISOString());
  });

  it("names no session in a free event's URLs (a free event needs none)", async () => {
    const urls = urlsOf(configData((await x.s.config(await x.d.guest(), 'str-free')).json()));
    expect(urls.filter((u) => !SIGNED.test(u) || grantOf(u).s !== null)).toEqual([]);
    expect(urls[0]).toMatch(
      new RegExp(
        `^/media/signed/[A-Za-z0-9_-]{22}/\\d+/e${x.ids['str-free']}\\.g[A-Za-z0-9_-]{12}/streams/free-program/index\\.m3u8$`,
      ),
    );
    // A free event's URLs live STREAM_URL_TTL_MINUTES.
    expect(signedParts(urls[0]!).exp).toBe(
      String(Math.floor(x.clock.now() / 1000) + x.t.config.streams.urlTtlMinutes * 60),
    );
  });

  it('takes the numeric id as well as the path', async () => {
    const res = await x.s.config(await x.d.guest(), String(x.ids['str-free']));
    expect(res.statusCode).toBe(200);
  });

  it('answers any guest on a free event, with a viewer tag that is not the guest id', async () => {
    const guest = await x.d.guest();
    const res = await x.s.config(guest, 'str-free');
    expect(res.statusCode).toBe(200);
    const guestId = JSON.parse(Buffer.from(guest.authorization!.split('.')[1]!, 'base64url').toString()).sub as string;
    const url = configData(res.json()).videoUrl;
    expect(grantOf(url).v).toMatch(/^g[A-Za-z0-9_-]{12}$/);
    expect(url).not.toContain(guestId);
  });

  it('answers 404 for an unknown event and for an event without streams', async () => {
    const guest = await x.d.guest();
    expect((await x.s.config(guest, 'no-such-event')).statusCode).toBe(404);
    expect((await x.s.config(guest, '999999')).statusCode).toBe(404);
    const bare = await x.s.config(guest, 'str-bare');
    expect([bare.statusCode, bare.json().message]).toEqual([404, 'No streams for event "str-bare"']);
  });

  it('refuses a malformed session id with 400', async () => {
    const res = await x.s.config(await x.d.guest(), 'str-free', '?session=not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Viewing session must be an id this server gave out.');
  });

  it('answers 409 before a live event starts, then "live" from its air start', async () => {
    const guest = await x.d.guest();
    const before = await x.s.config(guest, 'str-live');
    expect([before.statusCode, before.json().message]).toEqual([409, STREAM_MESSAGES.notStarted]);
    x.clock.set(x.liveStart.getTime());
    const live = await x.s.config(guest, 'str-live');
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toMatchObject({ mode: 'live', airStartDate: x.liveStart.toISOString() });
    x.clock.set(x.liveStart.getTime() + 4 * HOUR);
    expect((await x.s.config(guest, 'str-live')).json().data.mode).toBe('vod');
    x.clock.set(x.liveStart.getTime() - HOUR);
  });

  it('refuses a non-buyer of a premium live event with 403 even before it starts', async () => {
    const res = await x.s.config(await x.d.user('early'), 'str-live-premium');
    expect(res.statusCode).toBe(403);
  });

  it('limits calls per caller', async () => {
    const guest = await x.d.guest();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await x.s.config(guest, 'str-free')).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await x.s.config(await x.d.guest(), 'str-free')).statusCode).toBe(200);
  });
});

describe('the session check (device limit)', () => {
  const service = (sessionCheck: SessionCheck) =>
    createStreamService({
      repo: createStreamRepository(x.t.database.db),
      entitlements: createEntitlements({ uow: createUnitOfWork(x.t.database.db, createRepositories) }),
      signer: createMediaSigner(deriveKeys(x.t.config.jwtSecret).mediaSigning),
      settings: x.t.config.streams,
      premiumUrlTtlSeconds: premiumMediaUrlSeconds(x.t.config.viewing.heartbeatSeconds),
      now: x.clock.now,
      sessionCheck,
    });

  it('is asked with the caller, event, premium flag and session before anything is signed', async () => {
    const calls: unknown[][] = [];
    const caller = { kind: 'guest', guestId: 'g-1' } as const;
    const sessionId = '6f1c1a52-8d0e-4a8b-9a51-0c2f3c1c7e11';
    const sessionKey = 'k'.repeat(43);
    const answer = await service(async (...args) => {
      calls.push(args);
    }).config(caller, 'str-free', { id: sessionId, key: sessionKey });
    expect(calls).toEqual([[caller, x.ids['str-free'], false, sessionId, sessionKey]]);
    expect(configData({ data: answer }).videoUrl).toMatch(SIGNED);
  });

  it('names a premium session in lowercase, the only spelling a signed path takes', async () => {
    const buyer = await x.d.user('upper-session');
    await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
    const caller = { kind: 'user', userId: buyer.userId!, email: 'upper-session@example.test', name: 'U' } as const;
    const sessionId = '6F1C1A52-8D0E-4A8B-9A51-0C2F3C1C7E11';
    const answer = await service(async () => undefined).config(caller, 'str-premium', { id: sessionId, key: 'k' });
    const url = configData({ data: answer }).programcutUrl;
    expect(grantOf(url).s).toBe(sessionId.toLowerCase());
    expect(parseSignedMediaPath(url.slice(SIGNED_MEDIA_PREFIX.length))).not.toBeNull();
  });

  it('refuses when it throws, and is not asked for a caller who is not entitled', async () => {
    const refuse = service(async () => {
      throw new Conflict('limit');
    });
    await expect(refuse.config({ kind: 'guest', guestId: 'g-2' }, 'str-free')).rejects.toThrow('limit');
    let asked = false;
    const track = service(async () => {
      asked = true;
    });
    await expect(track.config({ kind: 'guest', guestId: 'g-3' }, 'str-premium')).rejects.toThrow(
      STREAM_MESSAGES.notEntitled,
    );
    expect(asked).toBe(false);
  });
});

describe('as wired in the app: a premium config needs an open viewing session of this device', () => {
  const open = (who: { authorization?: string; label: string }, eventId: string) => x.s.sessions.open(who, eventId);

  it("refuses a buyer without a session, with a closed one and with someone else's (409), and answers with an open one", async () => {
    const buyer = await x.d.user('session-buyer');
    const other = await x.d.user('session-other');
    await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
    await giveOrder(x.t.database.db, other.userId!, [x.ids['str-premium']!]);
    const refused = (res: { statusCode: number; json: () => { message: string } }) => [
      res.statusCode,
      res.json().message,
    ];

    expect(refused(await x.s.configWithoutSession(buyer, 'str-premium'))).toEqual([409, STREAM_MESSAGES.sessionEnded]);
    const othersSession = (await open(other, 'str-premium')).json().data.sessionId as string;
    expect(refused(await x.s.config(buyer, 'str-premium', `?session=${othersSession}`))).toEqual([
      409,
      STREAM_MESSAGES.sessionEnded,
    ]);

    const mine = (await open(buyer, 'str-premium')).json().data.sessionId as string;
    expect((await x.s.config(buyer, 'str-premium', `?session=${mine}`)).statusCode).toBe(200);
    expect((await x.s.sessions.close(buyer, mine)).statusCode).toBe(200);
    expect(refused(await x.s.config(buyer, 'str-premium', `?session=${mine}`))).toEqual([
      409,
      STREAM_MESSAGES.sessionEnded,
    ]);
  });

  it('asks nothing of a free event', async () => {
    expect((await x.s.configWithoutSession(await x.d.guest(), 'str-free')).statusCode).toBe(200);
  });
});
