import { act, screen } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import { liveStateResponse, type LiveStateData } from '../../../../src/shared/contract/live';
import {
  STREAM_MESSAGES,
  VIEWING_ENTITLEMENT_HEADER,
  VIEWING_SESSION_KEY_HEADER,
  type StreamConfigData,
} from '../../../../src/shared/contract/streams';
import { startApp, stopApp } from '../../../utils/clientApp';
import FakeHls, { liveInstances } from './fakeHls';

/**
 * The streams API of the contract (viewing sessions, stream config), answered per URL in the
 * browser's fetch; every other request goes on to the real test server (catalog, orders, tokens).
 */

export const ANGLES = ['Stage Left', 'Stage Right', 'Drums', 'Keys', 'Crowd', 'Wide', 'Bass', 'Balcony', 'Kite Cam'];
export const FREE_VOD = { path: 'marisol-vega-quartet', title: 'Marisol Vega Quartet at Blue Cellar' };

export type StreamsOptions = {
  angles?: number;
  mode?: 'live' | 'vod';
  heartbeatSeconds?: number;
  deviceLimit?: number;
  /** Answers for POST /viewing-sessions, in turn; then 201. */
  openAnswers?: number[];
  /** Answers for heartbeats, in turn; then 200. 'moved': another device took over (409). */
  heartbeatAnswers?: (number | 'moved')[];
  /** Answers for the stream config, in turn; then 200. 'moved': another device took over (409). */
  configAnswers?: (number | 'moved' | 'lapsed')[];
  /** Answers for POST /viewing-sessions/takeover ('Watch here instead'), in turn; then 201. */
  takeoverAnswers?: number[];
  /** GET /v1/live/{id}: the live state, or an HTTP status to fail with; unset: the test server answers. */
  live?: LiveStateData | number;
  /** Each config signs the same playlists afresh, as the server does (only the signature and expiry change). */
  sameFolders?: boolean;
  /** The signed entitlement an open answers (a premium event's, as the server gives it). */
  entitlement?: { token: string; eventId: number; expiresAt: string };
};

type Call = {
  method: string;
  path: string;
  authorization: string | null;
  sessionKey: string | null;
  entitlement: string | null;
  keepalive: boolean;
};

/** The key the fake server hands with the n-th session (1-based): shaped as the real one, and unique. */
const fakeSessionKey = (n: number) => `${'K'.repeat(37)}key${String(n).padStart(3, '0')}`;

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, message: string) => json(status, { success: false, message, data: null });

/**
 * A signed URL as the server gives it (/media/signed/<md5>/<expires>/<grant>/<folder>/<file>): each
 * generation is signed afresh (another signature and expiry in the path); with `sameFolders` its
 * folders are the same as the last generation's, otherwise each generation plays folders of its own.
 */
export function mediaUrl(generation: number, file: string, sameFolders = false) {
  const sig = `s${String(generation).padStart(21, '0')}`;
  const folder = sameFolders ? file : `g${generation}-${file}`;
  return `http://media.test/media/signed/${sig}/${1_900_000_000 + generation * 60}/e1.u1/streams/${folder}/index.m3u8`;
}

const signedUrl = mediaUrl;

export function configData(generation: number, angles: number, sameFolders: boolean): StreamConfigData {
  const mediaUrl = (g: number, file: string) => signedUrl(g, file, sameFolders);
  const program = mediaUrl(generation, 'program');
  return {
    videoUrl: program,
    video_H_Url: program,
    video_dual_Url: mediaUrl(generation, 'dual'),
    video_quad_Url: mediaUrl(generation, 'quad'),
    audiourl: program,
    programcutUrl: program,
    Program: 'Program',
    streamUrls: ANGLES.slice(0, angles).map((name, i) => ({ name, url: mediaUrl(generation, `angle-${i + 1}`) })),
    layoutConfigs: [
      { layout: 'main-strip', label: 'Main and strip', tiles: 9 },
      { layout: 'single', label: 'Single', tiles: 1 },
      { layout: 'two-up', label: 'Side by side', tiles: 2 },
      { layout: 'grid-2x2', label: '2 × 2 grid', tiles: 4 },
      { layout: 'grid-3x3', label: '3 × 3 grid', tiles: 9 },
    ],
  };
}

export function fakeStreams(options: StreamsOptions = {}) {
  const { angles = 9, heartbeatSeconds = 15, deviceLimit = 2 } = options;
  let mode = options.mode ?? 'vod';
  let live = options.live;
  const openAnswers = [...(options.openAnswers ?? [])];
  const heartbeatAnswers = [...(options.heartbeatAnswers ?? [])];
  const configAnswers = [...(options.configAnswers ?? [])];
  const takeoverAnswers = [...(options.takeoverAnswers ?? [])];
  const calls: Call[] = [];
  const sessions: string[] = [];
  const keys: string[] = [];
  let generation = 0;
  const realFetch = globalThis.fetch;

  const answer = (req: Request, path: string): Response | null => {
    const takeover = path === '/v1/viewing-sessions/takeover';
    if (req.method === 'POST' && (path === '/v1/viewing-sessions' || takeover)) {
      const status = (takeover ? takeoverAnswers : openAnswers).shift() ?? 201;
      if (status === 409) return failure(409, STREAM_MESSAGES.deviceLimit(deviceLimit));
      if (status === 403) return failure(403, STREAM_MESSAGES.notEntitled);
      if (status !== 201) return failure(status, 'Something went wrong.');
      const sessionId = `00000000-0000-4000-8000-${String(sessions.length + 1).padStart(12, '0')}`;
      const sessionKey = fakeSessionKey(sessions.length + 1);
      sessions.push(sessionId);
      keys.push(sessionKey);
      return json(201, {
        success: true,
        message: STREAM_MESSAGES.opened,
        data: {
          sessionId,
          sessionKey,
          heartbeatSeconds,
          deviceLimit,
          ...(options.entitlement ? { entitlement: options.entitlement } : {}),
        },
      });
    }
    if (req.method === 'POST' && /^\/v1\/viewing-sessions\/[^/]+\/heartbeat$/.test(path)) {
      const status = heartbeatAnswers.shift() ?? 200;
      if (status === 'moved') return failure(409, STREAM_MESSAGES.movedAway);
      if (status === 404) return failure(404, STREAM_MESSAGES.sessionEnded);
      return json(200, {
        success: true,
        message: STREAM_MESSAGES.kept,
        data: { sessionId: path.split('/')[3], heartbeatSeconds, deviceLimit },
      });
    }
    if (req.method === 'DELETE' && path.startsWith('/v1/viewing-sessions/'))
      return json(200, { success: true, message: STREAM_MESSAGES.closed, data: null });
    if (req.method === 'GET' && path.startsWith('/v1/live/') && live !== undefined) {
      if (typeof live === 'number') return failure(live, 'Something went wrong.');
      // The fake answers as the contract says the server does.
      return json(200, liveStateResponse.parse({ success: true, message: 'Live state.', data: live }));
    }
    if (req.method === 'GET' && path.startsWith('/v1/admin/asset/streamconfig/')) {
      const status = configAnswers.shift() ?? 200;
      if (status === 'moved') return failure(409, STREAM_MESSAGES.movedAway);
      if (status === 'lapsed') return failure(409, STREAM_MESSAGES.sessionEnded);
      if (status === 403) return failure(403, STREAM_MESSAGES.notEntitled);
      if (status === 409) return failure(409, STREAM_MESSAGES.notStarted);
      if (status !== 200) return failure(status, 'Something went wrong.');
      generation += 1;
      return json(200, {
        success: true,
        message: STREAM_MESSAGES.config,
        data: {
          config_data: JSON.stringify(configData(generation, angles, options.sameFolders ?? false)),
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          mode,
          airStartDate: null,
        },
      });
    }
    return null;
  };

  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const response = answer(req, url.pathname);
    if (!response) return realFetch(input, init);
    calls.push({
      method: req.method,
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.get('authorization'),
      sessionKey: req.headers.get(VIEWING_SESSION_KEY_HEADER),
      entitlement: req.headers.get(VIEWING_ENTITLEMENT_HEADER),
      keepalive: init?.keepalive === true,
    });
    return response;
  });

  return {
    calls,
    sessions,
    /** The key handed with each session, in the same order. */
    keys,
    generation: () => generation,
    /** What the live state answers from now on. */
    setLive: (next: LiveStateData | number) => {
      live = next;
    },
    /** The mode the stream config answers from now on. */
    setMode: (next: 'live' | 'vod') => {
      mode = next;
    },
    /** 'METHOD /path' of the streams calls made so far. */
    made: (method: string, pattern: RegExp) => calls.filter((c) => c.method === method && pattern.test(c.path)),
    restore: () => spy.mockRestore(),
  };
}

/** Media elements as jsdom lacks them: play resolves, pause and load do nothing. */
function stubMediaElements() {
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
}

export const videos = () => Array.from(document.querySelectorAll('video'));
export const tileOf = (angle: number) => document.querySelector<HTMLElement>(`[data-angle="${angle}"]`)!;
export const videoOf = (angle: number) => tileOf(angle).querySelector('video')!;
/** The angles heard: the videos not muted. */
export const audibleAngles = () =>
  videos()
    .filter((v) => !v.muted)
    .map((v) => Number(v.closest<HTMLElement>('[data-angle]')!.dataset.angle));

/** Waits until the player shows its tiles and every one has its hls.js instance, loading its URL. */
export async function waitForTiles(count: number) {
  await screen.findByRole('region', { name: 'Camera angles' }, { timeout: 10_000 });
  await act(async () => {
    for (
      let i = 0;
      i < 50 && liveInstances().filter((h) => h.loadSource.mock.calls.length > 0).length < count;
      i += 1
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
  });
  expect(liveInstances()).toHaveLength(count);
}

export { FakeHls, liveInstances };

/**
 * The lifecycle every player test shares: no hls.js instance and jsdom media stubs before each test;
 * afterwards real timers, the app stopped and every mock restored. (Each file still mocks 'hls.js'
 * and the worker path itself: jest hoists those calls only within a test file.)
 */
export function playerTestApp() {
  let store: AppStore | undefined;
  beforeEach(() => {
    FakeHls.instances.length = 0;
    stubMediaElements();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await stopApp(store);
    store = undefined;
    jest.restoreAllMocks();
  });
  return {
    /** The running app's store (after open). */
    get store(): AppStore {
      if (!store) throw new Error('open the player first');
      return store;
    },
    /** The app at /player/{path}; waits until `tiles` tiles load their streams (0: does not wait). */
    async open(path: string = FREE_VOD.path, tiles = 10) {
      const app = await startApp(`/player/${path}`);
      store = app.store;
      if (tiles > 0) await waitForTiles(tiles);
      return app;
    },
  };
}
