// @databases both: smoke — the live module: feeds published and ended, keys checked
import type { LightMyRequestResponse as Response } from 'fastify';
import { randomBytes } from 'node:crypto';
import { demoFreeStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { liveTestApp, type IssuedFeed, type LiveTestApp } from './liveFixture';

/**
 * nginx-rtmp's on_publish and on_publish_done, through the real HTTP routes: which encoders are let in
 * (302, renamed so the key is never a stream name) and which are refused (403, logged without the
 * key); one publisher per feed at a time, a reconnect starting the next part. The internal routes
 * answer only a direct loopback caller with the ingest token: anyone else gets the 404 of an
 * address that does not exist.
 */
const lines: string[] = [];
let x: LiveTestApp;
/** Every key issued in this file, refused or not: none may reach the log. */
const issued: string[] = [];
beforeAll(async () => {
  x = await liveTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (l: string) => lines.push(l) } });
}, 60_000);
afterAll(() => x.t.close());

async function showWithKeys(path: string) {
  const eventId = await x.liveEvent(path);
  const feeds = await x.ingest.issue(path);
  issued.push(...feeds.map((f) => f.key));
  return { eventId, feeds, key: (angle: number) => feeds.find((f: IssuedFeed) => f.angle === angle)!.key };
}
const answer = (res: { statusCode: number; headers: Record<string, unknown> }) => [
  res.statusCode,
  res.headers.location,
];
/** The refusal lines the log has for a reason (the service's words). */
const refusalsFor = (reason: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reason === reason);

describe('a publish', () => {
  it('with a right key is let in: 302 to a stream named by event, angle and part, never by the key', async () => {
    const show = await showWithKeys('pub-right');
    for (const angle of [0, 1, 9]) {
      const res = await x.ingest.publish(show.key(angle), `right-${angle}`);
      expect(answer(res)).toEqual([302, `e${show.eventId}-a${angle}-p1`]);
      expect(res.body).not.toContain(show.key(angle));
      expect(String(res.headers.location)).not.toContain(show.key(angle).slice('live_'.length));
    }
    const row = await x.t.database.db
      .selectFrom('live_feeds')
      .select(['publisher', 'publishes'])
      .where('event_id', '=', show.eventId)
      .where('angle', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.publishes).toBe(1);
    expect(row.publisher).toMatch(/:right-1$/);
  });

  it.each([
    ['an empty name', ''],
    ['a path', '../../../etc/passwd'],
    ['a key with a query', 'live_abcdefghijklmnopqrstuvwxyz012345?x=1'],
    ['a key one character short', `live_${'a'.repeat(31)}`],
    ['a key one character long', `live_${'a'.repeat(33)}`],
    ['a relay name not signed by the server', `srt_1_0_${'A'.repeat(22)}`],
  ])('with a malformed name (%s) is refused: 403', async (_what, name) => {
    const res = await x.ingest.publish(name, 'malformed');
    expect(answer(res)).toEqual([403, undefined]);
  });

  it('with a well-formed key that was never issued is refused: 403, logged as unknown', async () => {
    const before = refusalsFor('unknown or rotated key').length;
    const res = await x.ingest.publish(`live_${randomBytes(24).toString('base64url')}`, 'unknown');
    expect(answer(res)).toEqual([403, undefined]);
    expect(refusalsFor('unknown or rotated key')).toHaveLength(before + 1);
  });

  it('with a rotated key is refused: 403, and the new key is let in', async () => {
    const show = await showWithKeys('pub-rotated');
    const rotated = await x.ingest.issue('pub-rotated', true);
    issued.push(...rotated.map((f) => f.key));
    expect(answer(await x.ingest.publish(show.key(2), 'rotated-old'))).toEqual([403, undefined]);
    expect(answer(await x.ingest.publish(rotated[2]!.key, 'rotated-new'))).toEqual([302, `e${show.eventId}-a2-p1`]);
  });

  it('for an event re-imported as on demand is refused: 403, logged with its event and angle', async () => {
    const show = await showWithKeys('pub-now-vod');
    expect(answer(await x.ingest.publish(show.key(3), 'was-live'))).toEqual([302, `e${show.eventId}-a3-p1`]);
    expect((await x.ingest.publishDone(show.key(3), 'was-live')).statusCode).toBe(200);
    await importCatalog(x.t.database.db, {
      events: [{ path: 'pub-now-vod', title: 'Now on demand', streams: demoFreeStreams }],
    });
    expect(answer(await x.ingest.publish(show.key(3), 'now-vod'))).toEqual([403, undefined]);
    expect(refusalsFor('event is not Live').at(-1)).toEqual(
      expect.objectContaining({ eventId: show.eventId, angle: 3, encoder: '198.51.100.23' }),
    );
  });

  it('after the organizer ended the show is refused: 403, on every feed', async () => {
    const show = await showWithKeys('pub-ended');
    expect(answer(await x.ingest.publish(show.key(0), 'before-end'))).toEqual([302, `e${show.eventId}-a0-p1`]);
    expect((await x.ingest.publishDone(show.key(0), 'before-end')).statusCode).toBe(200);
    const end = await x.ingest.end('pub-ended');
    expect(end.statusCode).toBe(200);
    for (const angle of [0, 1]) {
      expect(answer(await x.ingest.publish(show.key(angle), `after-end-${angle}`))).toEqual([403, undefined]);
      expect(refusalsFor('show has ended').at(-1)).toEqual(expect.objectContaining({ eventId: show.eventId, angle }));
    }
  });

  it('on an angle that another encoder publishes is refused (403); after publish-done the key works again, part 2', async () => {
    const show = await showWithKeys('pub-second');
    const key = show.key(5);
    expect(answer(await x.ingest.publish(key, 'first'))).toEqual([302, `e${show.eventId}-a5-p1`]);
    // A second encoder with the same key (a leaked key, or an encoder reconnecting before its old
    // connection is gone) does not take the feed over.
    expect(answer(await x.ingest.publish(key, 'second'))).toEqual([403, undefined]);
    expect(refusalsFor('angle already publishing').at(-1)).toEqual(
      expect.objectContaining({ eventId: show.eventId, angle: 5 }),
    );
    // The refused encoder leaving frees nothing: the first still publishes.
    expect((await x.ingest.publishDone(key, 'second')).statusCode).toBe(200);
    expect(answer(await x.ingest.publish(key, 'third'))).toEqual([403, undefined]);
    // Another angle of the same show is its own feed.
    expect(answer(await x.ingest.publish(show.key(6), 'other-angle'))).toEqual([302, `e${show.eventId}-a6-p1`]);

    expect((await x.ingest.publishDone(key, 'first')).statusCode).toBe(200);
    expect(answer(await x.ingest.publish(key, 'reconnected'))).toEqual([302, `e${show.eventId}-a5-p2`]);
    const row = await x.t.database.db
      .selectFrom('live_feeds')
      .select(['publisher', 'publishes', 'last_publish_end'])
      .where('event_id', '=', show.eventId)
      .where('angle', '=', 5)
      .executeTakeFirstOrThrow();
    expect(row.publishes).toBe(2);
    expect(row.publisher).toMatch(/:reconnected$/);
    expect(row.last_publish_end).toBeInstanceOf(Date);
  });

  it('leaves no key in the log, refused or let in, and not the ingest token either', () => {
    // The log did record the decisions (so this is not an empty log passing).
    expect(lines.some((l) => l.includes('live feed publishing'))).toBe(true);
    expect(lines.some((l) => l.includes('live ingest refused an encoder'))).toBe(true);
    expect(lines.some((l) => l.includes('/internal/ingest/publish?token=%5Bredacted%5D'))).toBe(true);
    expect(issued.length).toBeGreaterThan(30);
    const secrets = [...issued, ...issued.map((k) => k.slice('live_'.length)), x.ingest.token];
    expect(lines.filter((l) => secrets.some((s) => l.includes(s)))).toEqual([]);
  });
});

describe('the internal routes answer 404, and do nothing, to', () => {
  const UNKNOWN_PATH = '/internal/ingest/nothing-here';
  let unknownRoute: { statusCode: number; body: { message: string } };
  beforeAll(async () => {
    const res = await x.t.app.inject({ method: 'POST', url: UNKNOWN_PATH, payload: {} });
    unknownRoute = { statusCode: res.statusCode, body: res.json() };
    expect(unknownRoute.statusCode).toBe(404);
  });

  // Each caller tries a show of its own: one let in (rotating its keys, ending it) fails only its case.
  const callers = [
    ['no token', 'internal-no-token', { token: null }],
    ['a wrong token', 'internal-wrong-token', { token: 'not-the-ingest-token' }],
    ['an empty token', 'internal-empty-token', { token: '' }],
    [
      'the right token from a forwarded request (X-Forwarded-For)',
      'internal-x-forwarded-for',
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
    ],
    [
      'the right token from a forwarded request (Forwarded)',
      'internal-forwarded',
      { headers: { forwarded: 'for=127.0.0.1' } },
    ],
    ['the right token from another address', 'internal-other-address', { remoteAddress: '203.0.113.9' }],
    ['the right token from a private address', 'internal-private-address', { remoteAddress: '10.0.0.5' }],
  ] as const;

  it.each(callers)('%s', async (_who, path, by) => {
    const show = await showWithKeys(path);
    const key = show.key(7);
    const calls = [
      x.ingest.publishRequest(key, 'intruder', by),
      x.ingest.publishDoneRequest(key, 'intruder', by),
      x.ingest.keysRequest(path, true, by),
      x.ingest.endRequest(path, by),
    ];
    for (const call of calls) {
      const res = await x.t.app.inject(call);
      const route = String(call.url).split('?')[0]!;
      // Word for word what an address that does not exist answers (its own path named).
      const notFound = { ...unknownRoute.body, message: unknownRoute.body.message.replace(UNKNOWN_PATH, route) };
      expect([route, res.statusCode, res.json()]).toEqual([
        route,
        unknownRoute.statusCode,
        { ...notFound, requestId: expect.any(String) },
      ]);
      expect(res.headers.location).toBeUndefined();
    }
    // Nothing happened: the feed is not publishing, the keys are the same, the show has not ended.
    const rows = await x.t.database.db
      .selectFrom('live_feeds')
      .select(['key_hash', 'publisher', 'publishes'])
      .where('event_id', '=', show.eventId)
      .execute();
    expect(rows.filter((r) => r.publisher !== null || r.publishes !== 0)).toEqual([]);
    const shows = await x.t.database.db
      .selectFrom('live_shows')
      .select('ended_at')
      .where('event_id', '=', show.eventId)
      .execute();
    expect(shows).toEqual([]);
  });

  /** Every internal address, and some that do not exist: a stranger must not tell them apart. */
  const INTERNAL_PATHS = [
    '/internal/ingest/publish',
    '/internal/ingest/publish-done',
    '/internal/live/keys',
    '/internal/live/end',
    '/internal/organizers/grant',
    '/internal/organizers/revoke',
    UNKNOWN_PATH,
    '/internal/organizers/nothing-here',
    '/internal',
  ];
  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  const callAs = (
    method: (typeof METHODS)[number],
    path: string,
    by: (typeof callers)[number][2],
  ): Promise<Response> => {
    const token = 'token' in by ? by.token : x.ingest.token;
    return x.t.app.inject({
      method,
      url: token === null ? path : `${path}?token=${encodeURIComponent(token)}`,
      remoteAddress: 'remoteAddress' in by ? by.remoteAddress : '127.0.0.1',
      headers: 'headers' in by ? by.headers : {},
    });
  };

  it.each(callers)('%s, with any method, at an address that exists or not', async (_who, _show, by) => {
    for (const path of INTERNAL_PATHS) {
      for (const method of METHODS) {
        const res = await callAs(method, path, by);
        const body = method === 'HEAD' ? null : res.json();
        expect([method, path, res.statusCode, res.headers.allow, body?.message]).toEqual([
          method,
          path,
          404,
          undefined,
          method === 'HEAD' ? undefined : `No such endpoint: ${method} ${path}`,
        ]);
      }
    }
  });

  it('while the ingest itself still learns which method an internal address takes (405)', async () => {
    const loopback = {} as (typeof callers)[number][2];
    for (const path of INTERNAL_PATHS.slice(0, 6)) {
      const res = await callAs('GET', path, loopback);
      expect([path, res.statusCode, res.headers.allow]).toEqual([path, 405, 'POST']);
    }
    expect((await callAs('GET', UNKNOWN_PATH, loopback)).statusCode).toBe(404);
  });

  it('while the ingest itself (loopback, token in the query or the header, IPv4 or IPv6) is answered', async () => {
    const show = await showWithKeys('internal-only');
    expect(answer(await x.ingest.publish(show.key(7), 'ingest-v4'))).toEqual([302, `e${show.eventId}-a7-p1`]);
    expect(answer(await x.ingest.publish(show.key(8), 'ingest-v6', { remoteAddress: '::1' }))).toEqual([
      302,
      `e${show.eventId}-a8-p1`,
    ]);
    expect(answer(await x.ingest.publish(show.key(9), 'ingest-mapped', { remoteAddress: '::ffff:127.0.0.1' }))).toEqual(
      [302, `e${show.eventId}-a9-p1`],
    );
    const end = await x.ingest.end('internal-only');
    expect([end.statusCode, end.json().data]).toEqual([200, { id: show.eventId, title: 'Live internal-only' }]);
  });
});
