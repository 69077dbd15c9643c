import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import type { UnitOfWork } from '../../db/unitOfWork';
import { createOutageRecord } from '../../platform/outageRecord';
import type { ServerKeys } from '../auth/keys';
import type { Entitlements } from '../orders/entitlements';
import { protectedMediaRoutes } from './mediaRoutes';
import { playbackQualityRoutes } from './playbackQualityRoutes';
import { createPlaybackQuality } from './playbackQualityService';
import { createProtectedMedia } from './protectedMedia';
import type { StreamRepositories } from './repositories';
import { streamRoutes } from './routes';
import { createStreamService } from './service';
import { createStreamRepository } from './streamRepository';
import { createMediaSigner, premiumMediaUrlSeconds } from './urlSigner';
import { createViewingEntitlements } from './viewingEntitlement';
import { createViewingSessionGate } from './viewingSessionGate';
import { viewingSessionRoutes } from './viewingSessionRoutes';
import { createViewingSessions } from './viewingSessionService';

type StreamConfigDeps = Parameters<typeof createStreamService>[0];

type StreamsNeeds = {
  database: Database;
  uow: UnitOfWork<StreamRepositories>;
  log: FastifyBaseLogger;
  keys: Pick<ServerKeys, 'mediaSigning' | 'viewingEntitlement' | 'outageSessions'>;
  /** Does this caller own the event (the orders module). */
  entitlements: Entitlements;
  /** A live event's feeds for its stream config (the live module, built after this one: called per request). */
  liveFeeds: NonNullable<StreamConfigDeps['liveFeeds']>;
  /** A replay past its window plays on for a ticket the guaranteed view extended (the guarantee module). */
  replayUntil: NonNullable<StreamConfigDeps['replayExtension']>;
  now?: () => number;
};

/**
 * Watching: stream configs with signed media URLs, viewing sessions (the device limit) and their
 * gate on premium media, a ticket's signed entitlement for outages, and the player's quality beacons.
 */
export function streamsModule(needs: StreamsNeeds, config: AppConfig) {
  const { uow, log } = needs;
  const clock = needs.now ? { now: needs.now } : {};
  const repo = createStreamRepository(needs.database.db);
  const mediaSigner = createMediaSigner(needs.keys.mediaSigning);
  // A ticket's signed entitlement and an outage session's key: what lets a ticket holder in while the database is down.
  const vouchers = createViewingEntitlements(needs.keys.viewingEntitlement, needs.now);
  const outages = createOutageRecord(needs.now);
  const viewingSessions = createViewingSessions({
    uow,
    entitlements: needs.entitlements,
    vouchers,
    outageKey: needs.keys.outageSessions,
    outages,
    config: config.viewing,
    log,
    ...clock,
  });
  const viewingGate = createViewingSessionGate({
    repo: uow.repos.viewingSessions,
    heartbeatSeconds: config.viewing.heartbeatSeconds,
    now: needs.now,
    outages,
  });
  return {
    repo,
    mediaSigner,
    viewingSessions,
    viewingGate,
    // A premium stream config is signed only for a device holding an open viewing session (the device limit).
    configs: createStreamService({
      repo,
      entitlements: needs.entitlements,
      signer: mediaSigner,
      settings: config.streams,
      premiumUrlTtlSeconds: premiumMediaUrlSeconds(config.viewing.heartbeatSeconds),
      sessionCheck: viewingSessions.assertOpen,
      replayExtension: needs.replayUntil,
      vouchers,
      liveFeeds: needs.liveFeeds,
      ...clock,
    }),
    // A premium event's media answer only while the viewing session their URL names is open.
    protectedMedia: createProtectedMedia({
      mediaDir: config.mediaDir,
      repo,
      sessions: viewingGate,
      settings: config.streams,
      ...clock,
    }),
    // The player's quality beacons, kept for QOE_RETENTION_DAYS; /metrics reads them per event.
    playbackQuality: createPlaybackQuality({
      sessions: uow.repos.viewingSessions,
      quality: uow.repos.playbackQuality,
      heartbeatSeconds: config.viewing.heartbeatSeconds,
      retentionDays: config.playbackQuality.retentionDays,
      log,
      now: needs.now,
    }),
  };
}
type StreamsModule = ReturnType<typeof streamsModule>;

type MediaSource = Parameters<typeof protectedMediaRoutes>[1]['live'];

type StreamsMountNeeds = {
  streams: StreamsModule;
  /** A live feed's playlists and segments, served under the same signed URLs (the live module). */
  live: { media: MediaSource };
  health: { metrics: { mediaRequests: { inc(): void } } };
  core: { now: () => number };
};

/** Viewing sessions and quality beacons, stream configs, and the signed media (recorded and live). */
export async function mountStreams(app: FastifyInstance, services: StreamsMountNeeds, config: AppConfig) {
  const { streams } = services;
  const { limits } = config;
  await app.register(viewingSessionRoutes, {
    prefix: '/v1',
    service: streams.viewingSessions,
    opensPerMinute: limits.viewingOpensPerMinute,
    heartbeatsPerMinute: limits.viewingHeartbeatsPerMinute,
    takeoversPerMinute: limits.viewingTakeoversPerMinute,
    opensPerMinutePerAddress: limits.guestsPerAddress.viewingOpensPerMinute,
  });
  await app.register(playbackQualityRoutes, {
    prefix: '/v1',
    service: streams.playbackQuality,
    perSessionPerMinute: limits.qualityBeaconsPerMinutePerSession,
    perAddressPerMinute: limits.qualityBeaconsPerMinutePerAddress,
  });
  await app.register(streamRoutes, {
    prefix: '/v1',
    service: streams.configs,
    callsPerMinute: limits.streamConfigCallsPerMinute,
    callsPerMinutePerAddress: limits.guestsPerAddress.streamConfigCallsPerMinute,
  });
  await app.register(protectedMediaRoutes, {
    signer: streams.mediaSigner,
    streams: streams.protectedMedia,
    live: services.live.media,
    arrived: () => services.health.metrics.mediaRequests.inc(),
    now: services.core.now,
  });
}
