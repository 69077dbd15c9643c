import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IngestStatus } from '../../../shared/contract/health';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import type { UnitOfWork } from '../../db/unitOfWork';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import { createLastKnown, createTtlCache } from '../../platform/ttlCache';
import type { ServerKeys } from '../auth/keys';
import type { OrganizerRepositories } from '../organizers/repositories';
import type { StreamRepository } from '../streams/streamRepository';
import { createLiveControlRoom } from './controlRoom';
import type { ControlRoomRepositories } from './controlRoomRepositories';
import { controlRoomRoutes } from './controlRoomRoutes';
import { createFeedProbe } from './feedProbe';
import { createIngestHooks } from './ingestHooks';
import { createLiveMedia, LIVE_FEED_FILE, liveMediaDir } from './liveMedia';
import { createLiveRepository } from './liveRepository';
import { createOnAir } from './onAir';
import { createOnAirRepository } from './onAirRepository';
import { ingestRoutes, LIVE_NOW_SECONDS, liveStateRoutes } from './routes';
import { createLiveService } from './service';

type LiveNeeds = {
  database: Database;
  uow: UnitOfWork<ControlRoomRepositories & OrganizerRepositories>;
  log: FastifyBaseLogger;
  keys: Pick<ServerKeys, 'srtPassphrases' | 'ingestControl'>;
  /** This process changed the catalog: its read cache lets go at once (the catalog module). */
  onCatalogChanged: () => void;
  /** Whether a viewing session is open for the event (the streams module's gate). */
  viewingGate: { isOpen(sessionId: string, eventId: number): Promise<boolean> };
  /** A live segment's event facts (the streams module's repository). */
  streamRepo: Pick<StreamRepository, 'mediaFacts'>;
  now?: () => number;
};

/**
 * Live shows: stream keys and the ingest's publish decisions, each feed's state for players (read
 * once a second per process), the console's control room, and the live feeds' media.
 */
export function liveModule(needs: LiveNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  const now = needs.now ?? Date.now;
  const feeds = createLiveService({
    repo: createLiveRepository(needs.database.db),
    settings: config.live,
    srtKey: needs.keys.srtPassphrases,
    relayKey: needs.keys.ingestControl,
    ...clock,
  });
  // A live player asks for nine playlists a second: a feed's state is read once a second per process.
  // During an outage the state read last stands: the show plays on (docs/decisions.md "Outages").
  const livePlayback = createTtlCache({
    ttlMs: 1000,
    max: 10_000,
    now,
    load: (id: number) => feeds.playback(id),
    staleOnError: isDatabaseUnreachable,
  });
  // Every live viewer's player asks for the show's state once a second: one read per event and second.
  const liveStates = createTtlCache({
    ttlMs: 1000,
    max: 10_000,
    now,
    load: (key: string) => feeds.publicState(key),
    staleOnError: isDatabaseUnreachable,
  });
  // A stream config reads the show's state afresh (an ended show replays at once), kept for an outage.
  const liveShowForConfig = createLastKnown({
    max: 10_000,
    now,
    load: (id: number) => feeds.playback(id),
  });
  // A live segment's event facts, read afresh per request but kept for an outage.
  const liveEventFacts = createLastKnown({
    max: 10_000,
    now,
    load: async (id: number) => {
      const row = await needs.streamRepo.mediaFacts(id);
      return row ? { premium: row.is_premium, airStart: row.air_start_date } : null;
    },
  });
  // 'Live now' and its counts: one read per process every few seconds, however many fans browse.
  const onAir = createOnAir({
    repo: createOnAirRepository(needs.database.db),
    playback: (id) => liveShowForConfig.get(id),
    liveMinutes: config.streams.liveMinutes,
    heartbeatSeconds: config.viewing.heartbeatSeconds,
    now,
  });
  const onAirNow = createTtlCache({
    ttlMs: LIVE_NOW_SECONDS * 1000,
    max: 1,
    now,
    load: () => onAir.list(),
    staleOnError: isDatabaseUnreachable,
  });
  const ingestHooks = createIngestHooks();
  // Started after the server listens (main.ts startLiveIngest), which tells this what came of it.
  let ingest: IngestStatus =
    config.live.ingest === 'off' ? { state: 'off', reason: 'LIVE_INGEST=off' } : { state: 'starting', reason: null };
  return {
    feeds,
    ingestStatus: {
      current: () => ingest,
      set: (status: IngestStatus) => {
        ingest = status;
      },
    },
    /** The shows on air now and their watcher counts (GET /v1/live). */
    onAir: () => onAirNow.get('now'),
    /** A show's state for players, with its watcher count while it is on air. */
    async state(key: string) {
      const [state, onAirList] = await Promise.all([liveStates.get(key), onAirNow.get('now')]);
      const shown = onAirList.events.find((e) => e.path === key || String(e.id) === key);
      // The list may be a few seconds older than the state: an ended show shows no count.
      return shown && (state.show === 'live' || !state.ingest) ? { ...state, watching: shown.watching } : state;
    },
    /** A live event's feeds as its stream config names them (the streams module asks per request). */
    async configFeeds(eventId: number) {
      const playback = await liveShowForConfig.get(eventId);
      if (!playback) return null;
      return {
        ended: playback.show === 'ended',
        endedAt: playback.endedAt,
        feed: (angle: number) => ({ dir: liveMediaDir(eventId, angle), file: LIVE_FEED_FILE }),
      };
    },
    ingestHooks,
    /** This process's run: an ingest connection id is unique within one run of its engine. */
    bootId: randomUUID().slice(0, 8),
    // The console's live control room: keys, start, end and the viewers' message, each audited.
    controlRoom: createLiveControlRoom({
      uow: needs.uow,
      settings: config.live,
      srtKey: needs.keys.srtPassphrases,
      hooks: ingestHooks,
      probe: createFeedProbe({
        liveDir: config.live.dir,
        ffmpeg: config.live.engines.ffmpeg,
        ffprobe: config.live.engines.ffprobe,
        now,
      }),
      heartbeatSeconds: config.viewing.heartbeatSeconds,
      ingestStatus: () => ingest,
      log: needs.log,
      onCatalogChanged: needs.onCatalogChanged,
      ...clock,
    }),
    media: createLiveMedia({
      settings: config.live,
      live: { playback: (id) => livePlayback.get(id) },
      events: { facts: (id) => liveEventFacts.get(id) },
      sessions: needs.viewingGate,
      ...clock,
    }),
  };
}
type LiveModule = ReturnType<typeof liveModule>;

type LiveMountNeeds = { live: LiveModule; auth: { keys: Pick<ServerKeys, 'ingestControl'> } };

/** The console's control room, the players' live state, and the ingest's callbacks. */
export async function mountLive(app: FastifyInstance, services: LiveMountNeeds, config: AppConfig) {
  const { live } = services;
  const { limits } = config;
  await app.register(controlRoomRoutes, {
    prefix: '/v1',
    room: live.controlRoom,
    messagesPerMinute: limits.liveMessagesPerMinute,
  });
  await app.register(liveStateRoutes, {
    prefix: '/v1',
    state: (key) => live.state(key),
    onAir: live.onAir,
    callsPerMinutePerAddress: limits.guestsPerAddress.liveStateCallsPerMinute,
  });
  await app.register(ingestRoutes, {
    service: live.feeds,
    hooks: live.ingestHooks,
    controlToken: services.auth.keys.ingestControl,
    bootId: live.bootId,
    demo: config.env !== 'production',
  });
}
