import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { deriveKeys } from '../../../src/server/modules/auth/keys';
import { redactUrl } from '../../../src/server/platform/logRedaction';
import { giveOrder } from '../../utils/cart';
import { createTestApp } from '../../utils/testApp';
import { configData, streamsTestApp, uriLines, urlsOf, withParam } from './streamsFixture';
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

  it('signs URLs for STREAM_URL_TTL_MINUTES and loops on-demand programs to STREAM_VOD_MINUTES', async () => {
    const x = await streamsTestApp({ env: { STREAM_URL_TTL_MINUTES: '3', STREAM_VOD_MINUTES: '0' } });
    try {
      const res = await x.s.config(await x.d.guest(), 'str-free');
      const exp = Math.floor(x.clock.now() / 1000) + 180;
      expect(res.json().data.expiresAt).toBe(new Date(exp * 1000).toISOString());
      const playlist = await x.s.media(configData(res.json()).videoUrl);
      expect(uriLines(playlist.body).map((u) => u.split('?')[0])).toEqual([
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
  it('redact the signature of a media URL', () => {
    expect(redactUrl('/media/streams/a/seg_000.ts?e=1&v=u2&exp=3&sig=abc')).toBe(
      '/media/streams/a/seg_000.ts?e=1&v=u2&exp=3&sig=%5Bredacted%5D',
    );
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
      const segment = `/media/streams/free-program/${uriLines(playlist.body)[0]}`;
      expect((await y.app.inject({ url: segment })).statusCode).toBe(200);
      expect((await y.app.inject({ url: withParam(segment, 'exp', '1') })).statusCode).toBe(403);
      expect(lines.some((l) => l.includes('/media/streams/free-program/seg_000.ts'))).toBe(true);
      const sigs = urls.map((u) => new URLSearchParams(u.split('?')[1]).get('sig')!);
      expect(lines.filter((l) => sigs.some((s) => l.includes(s)))).toEqual([]);
      const key = deriveKeys(y.config.jwtSecret).mediaSigning;
      expect(
        lines.filter(
          (l) =>
            l.includes(key.toString('base64url')) ||
            l.includes(key.toString('hex')) ||
            l.includes(key.toString('base64')),
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
