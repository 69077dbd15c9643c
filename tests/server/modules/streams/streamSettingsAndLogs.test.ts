// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../../src/server/config';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { redactUrl } from '../../../../src/server/platform/logRedaction';
import { giveOrder } from '../../../utils/cart';
import { createTestApp } from '../../../utils/testApp';
import { beside, configData, signedParts, streamsTestApp, uriLines, urlsOf, withParts } from './streamsFixture';
import { sessionIdOf, viewingDriver } from './viewingSessionFixture';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-config-')), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('stream settings', () => {
  it('default to 10-minute URLs, 30-minute on-demand programs and 4 live hours', () => {
    expect(loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-config-')) }).streams).toEqual({
      urlTtlMinutes: 10,
      vodMinutes: 30,
      liveMinutes: 240,
    });
  });

  it.each([
    [{ STREAM_URL_TTL_MINUTES: '0' }, 'STREAM_URL_TTL_MINUTES: must be 1–240'],
    [{ STREAM_URL_TTL_MINUTES: '241' }, 'STREAM_URL_TTL_MINUTES: must be 1–240'],
    [{ STREAM_URL_TTL_MINUTES: 'ten' }, 'STREAM_URL_TTL_MINUTES: must be a number'],
    [{ STREAM_VOD_MINUTES: '-1' }, 'STREAM_VOD_MINUTES: must be 0–1440'],
    [{ STREAM_LIVE_MINUTES: '0' }, 'STREAM_LIVE_MINUTES: must be 1–1440'],
    [{ STREAM_LIVE_MINUTES: '1.5' }, 'STREAM_LIVE_MINUTES: must be a whole number'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it("signs a free event's URLs for STREAM_URL_TTL_MINUTES, a premium event's for two heartbeats, and loops on-demand programs to STREAM_VOD_MINUTES", async () => {
    const x = await streamsTestApp({
      env: { STREAM_URL_TTL_MINUTES: '3', STREAM_VOD_MINUTES: '0', VIEWING_HEARTBEAT_SECONDS: '20' },
    });
    try {
      const res = await x.s.config(await x.d.guest(), 'str-free');
      const exp = Math.floor(x.clock.now() / 1000) + 180;
      expect(res.json().data.expiresAt).toBe(new Date(exp * 1000).toISOString());
      expect(urlsOf(configData(res.json())).map((u) => signedParts(u).exp)).toEqual(Array(15).fill(String(exp)));
      const buyer = await x.d.user('ttl-buyer');
      await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
      const premium = await x.s.config(buyer, 'str-premium');
      const premiumExp = Math.floor(x.clock.now() / 1000) + 40;
      expect(premium.json().data.expiresAt).toBe(new Date(premiumExp * 1000).toISOString());
      expect(urlsOf(configData(premium.json())).map((u) => signedParts(u).exp)).toEqual(
        Array(15).fill(String(premiumExp)),
      );
      const playlist = await x.s.media(configData(res.json()).videoUrl);
      expect(uriLines(playlist.body)).toEqual([
        'seg_000.ts',
        'seg_001.ts',
        'seg_002.ts',
        'seg_003.ts',
        'seg_004.ts',
        'seg_005.ts',
      ]);
    } finally {
      await x.t.close();
    }
  });
});

describe('logs', () => {
  it('redact the signature of a media URL: in its path, however the prefix is spelled, and in a query', () => {
    const sig = 'FxOQKp8ocFtbRZgW2F6-IA';
    const rest = `/1795707578/e16.u2.6f1c1a52-8d0e-4a8b-9a51-0c2f3c1c7e11/streams/a/seg_000.ts`;
    expect(redactUrl(`/media/signed/${sig}${rest}`)).toBe(`/media/signed/[redacted]${rest}`);
    expect(redactUrl(`/media/signed/${sig}${rest}?x=1`)).toBe(`/media/signed/[redacted]${rest}?x=1`);
    expect(redactUrl(`/media/%73igned/${sig}${rest}`)).toBe(`/media/%73igned/[redacted]${rest}`);
    expect(redactUrl(`/media/SIGNED/${sig}${rest}`)).toBe(`/media/SIGNED/[redacted]${rest}`);
    expect(redactUrl(`/media/signed/${sig}`)).toBe('/media/signed/[redacted]');
    expect(redactUrl('/media/streams/a/seg_000.ts?e=1&v=u2&exp=3&sig=abc')).toBe(
      '/media/streams/a/seg_000.ts?e=1&v=u2&exp=3&sig=%5Bredacted%5D',
    );
    // Nothing else is touched.
    expect(redactUrl('/media/hero/seg_000.ts')).toBe('/media/hero/seg_000.ts');
    expect(redactUrl('/media/posters/signed.svg')).toBe('/media/posters/signed.svg');
    expect(redactUrl('/x?signal=1')).toBe('/x?signal=1');
  });

  it('carry no signature and no signing key, whatever is requested', async () => {
    const lines: string[] = [];
    const y = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      deps: { logStream: { write: (l: string) => lines.push(l) } },
    });
    try {
      const guest = (await y.app.inject({ url: '/v1/token/guest' })).json().data as string;
      const config = configData(
        (
          await y.app.inject({
            url: '/v1/admin/asset/streamconfig/marisol-vega-quartet',
            headers: { authorization: `Bearer ${guest}` },
          })
        ).json(),
      );
      const urls = urlsOf(config);
      const playlist = await y.app.inject({ url: urls[0]! });
      const segment = beside(urls[0]!, uriLines(playlist.body)[0]!);
      expect((await y.app.inject({ url: segment })).statusCode).toBe(200);
      expect((await y.app.inject({ url: withParts(segment, { exp: '1' }) })).statusCode).toBe(403);
      // Refused, and spelled another way, the signature stays out of the logs all the same.
      expect((await y.app.inject({ url: withParts(segment, { file: 'missing.ts' }) })).statusCode).toBe(404);
      expect((await y.app.inject({ url: segment.replace('/media/signed/', '/media/%73igned/') })).statusCode).toBe(200);
      expect(lines.some((l) => l.includes('/streams/free-program/seg_000.ts'))).toBe(true);
      expect(lines.some((l) => l.includes('/media/signed/[redacted]/'))).toBe(true);
      const sigs = urls.map((u) => signedParts(u).sig);
      expect(lines.filter((l) => sigs.some((s) => l.includes(s)))).toEqual([]);
      const key = deriveKeys(y.config.jwtSecret).mediaSigning;
      const bytes = Buffer.from(key, 'base64url');
      expect(
        lines.filter(
          (l) =>
            l.includes(key) ||
            l.includes(bytes.toString('hex')) ||
            l.includes(bytes.toString('base64')) ||
            l.includes(bytes.toString('base64').replace(/=+$/, '')),
        ),
      ).toEqual([]);
    } finally {
      await y.close();
    }
  });

  it('carry no viewing session key: not from the open, the header of heartbeats, configs and closes, nor the body of quality beacons, refused or not', async () => {
    const lines: string[] = [];
    const y = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      deps: { logStream: { write: (l: string) => lines.push(l) } },
    });
    try {
      const d = viewingDriver(y.app);
      const buyer = await d.user('logged-buyer');
      const event = await y.database.db
        .selectFrom('events')
        .select('id')
        .where('path', '=', 'velvet-static-unplugged')
        .executeTakeFirstOrThrow();
      await giveOrder(y.database.db, buyer.userId!, [event.id]);
      const session = sessionIdOf(await d.open(buyer, 'velvet-static-unplugged'));
      const key = d.keyOf(session)!;
      expect((await d.config(buyer, 'velvet-static-unplugged', session)).statusCode).toBe(200);
      expect((await d.heartbeat(buyer, session)).statusCode).toBe(200);
      expect((await d.heartbeat(await d.user('intruder'), session, key)).statusCode).toBe(404);
      const beacon = (sessionId: string, over: object = {}) =>
        y.app.inject({
          method: 'POST',
          url: `/v1/viewing-sessions/${sessionId}/quality`,
          payload: {
            sessionKey: key,
            seq: 1,
            stalls: 0,
            stallMs: 0,
            playMs: 0,
            rungSwitches: 0,
            fatalErrors: 0,
            ...over,
          },
        });
      expect((await beacon(session)).statusCode).toBe(204);
      expect((await beacon(session, { seq: 0 })).statusCode).toBe(400);
      expect((await beacon('00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
      expect((await d.close(buyer, session)).statusCode).toBe(200);
      expect((await d.config(buyer, 'velvet-static-unplugged', session)).statusCode).toBe(409);
      expect(lines.some((l) => l.includes(session))).toBe(true);
      expect(lines.filter((l) => l.includes(key))).toEqual([]);
    } finally {
      await y.close();
    }
  });
});
