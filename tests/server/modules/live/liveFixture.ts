import type { FastifyInstance, InjectOptions } from 'fastify';
import { demoFreeStreams, demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { cartDriver } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { createTestApp } from '../../../utils/testApp';

const HOUR = 3_600_000;

/** A feed as `/internal/live/keys` answers it: the key is shown this once. */
export type IssuedFeed = { angle: number; name: string; key: string; srtPort: number; srtPassphrase: string };

/** How a call to an internal route may differ from the ingest's own: the token, the address, headers. */
type Caller = { token?: string | null; remoteAddress?: string; headers?: Record<string, string> };

/**
 * Calls the internal routes as the ingest's engine and the live commands do: nginx-rtmp's notify
 * callbacks as forms (token in the query, from loopback), the commands' JSON calls with the token in
 * `x-ingest-token`. `by` changes who calls (another token, none, another address, a forwarding header).
 */
export function ingestDriver(app: FastifyInstance, token: string) {
  const sent = (by: Caller) => ({
    remoteAddress: by.remoteAddress ?? '127.0.0.1',
    token: by.token === undefined ? token : by.token,
    headers: by.headers ?? {},
  });
  /** nginx-rtmp's on_publish / on_publish_done fields, as it posts them. */
  const notify = (call: 'publish' | 'publish_done', name: string, clientid: string) =>
    new URLSearchParams({
      app: 'live',
      flashver: 'FMLE/3.0 (compatible; FMSc/1.0)',
      swfurl: '',
      tcurl: 'rtmp://127.0.0.1:1935/live',
      pageurl: '',
      addr: '198.51.100.23',
      clientid,
      call,
      name,
      type: 'live',
    }).toString();
  const form = (path: string, body: string, by: Caller): InjectOptions => {
    const s = sent(by);
    return {
      method: 'POST',
      url: s.token === null ? path : `${path}?token=${encodeURIComponent(s.token)}`,
      remoteAddress: s.remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...s.headers },
      payload: body,
    };
  };
  const json = (path: string, payload: object, by: Caller): InjectOptions => {
    const s = sent(by);
    return {
      method: 'POST',
      url: path,
      remoteAddress: s.remoteAddress,
      headers: { ...(s.token === null ? {} : { 'x-ingest-token': s.token }), ...s.headers },
      payload,
    };
  };
  return {
    token,
    publishRequest: (name: string, clientid: string, by: Caller = {}) =>
      form('/internal/ingest/publish', notify('publish', name, clientid), by),
    publishDoneRequest: (name: string, clientid: string, by: Caller = {}) =>
      form('/internal/ingest/publish-done', notify('publish_done', name, clientid), by),
    keysRequest: (event: string | number, rotate = false, by: Caller = {}) =>
      json('/internal/live/keys', { event: String(event), rotate }, by),
    endRequest: (event: string | number, by: Caller = {}) => json('/internal/live/end', { event: String(event) }, by),
    publish(name: string, clientid: string, by: Caller = {}) {
      return app.inject(this.publishRequest(name, clientid, by));
    },
    publishDone(name: string, clientid: string, by: Caller = {}) {
      return app.inject(this.publishDoneRequest(name, clientid, by));
    },
    keys(event: string | number, rotate = false, by: Caller = {}) {
      return app.inject(this.keysRequest(event, rotate, by));
    },
    end(event: string | number, by: Caller = {}) {
      return app.inject(this.endRequest(event, by));
    },
    /** Keys for an event that must be issued: its feeds, angle by angle. */
    async issue(event: string | number, rotate = false): Promise<IssuedFeed[]> {
      const res = await this.keys(event, rotate);
      if (res.statusCode !== 200) throw new Error(`keys for ${event}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: { feeds: IssuedFeed[] } }>().data.feeds;
    },
  };
}

/**
 * A test app on a clock the test moves, with a fixed set of events and a way to add 'Live' events one
 * per test (stream keys are issued once per event, so tests that publish do not share one):
 * `live-vod` has streams but is on demand, `live-bare` is 'Live' without streams.
 */
export async function liveTestApp(options: {
  logStream?: { write(line: string): void };
  env?: Record<string, string>;
}) {
  // Whole seconds, so expiry and program date-times are exact.
  const clock = testClock(Math.floor(Date.now() / 1000) * 1000);
  const airStart = new Date(clock.now() + HOUR);
  const t = await createTestApp({
    ...(options.env ? { env: options.env } : {}),
    deps: { now: clock.now, ...(options.logStream ? { logStream: options.logStream } : {}) },
  });
  await importCatalog(t.database.db, {
    events: [
      { path: 'live-vod', title: 'On demand show', streams: demoFreeStreams },
      {
        path: 'live-bare',
        title: 'Live show without streams',
        contentType: 'Live',
        airStartDate: airStart.toISOString(),
      },
    ],
  });
  const idOf = async (path: string) =>
    (await t.database.db.selectFrom('events').select('id').where('path', '=', path).executeTakeFirstOrThrow()).id;

  return {
    t,
    clock,
    airStart,
    idOf,
    ingest: ingestDriver(t.app, deriveKeys(t.config.jwtSecret).ingestControl),
    people: cartDriver(t.app),
    /** A new 'Live' event with the demo's nine angles (the premium folders for a premium one); its id. */
    async liveEvent(path: string, opts: { premium?: boolean; airStart?: Date } = {}): Promise<number> {
      await importCatalog(t.database.db, {
        events: [
          {
            path,
            title: `Live ${path}`,
            contentType: 'Live',
            airStartDate: (opts.airStart ?? airStart).toISOString(),
            ...(opts.premium ? { isPremium: true, price: 5, streams: demoStreams } : { streams: demoFreeStreams }),
          },
        ],
      });
      return idOf(path);
    },
  };
}
export type LiveTestApp = Awaited<ReturnType<typeof liveTestApp>>;

/** Every angle the demo's config gives a 'Live' event: the program cut (0) and nine cameras. */
export const DEMO_FEED_ANGLES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
