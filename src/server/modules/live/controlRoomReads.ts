import { STUDIO_LIVE_MESSAGES as M, type StudioLive } from '../../../shared/contract/studioLive';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestStatus } from '../../../shared/contract/health';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, NotFound } from '../../platform/domainErrors';
import type { OrganizerRepositories } from '../organizers/repositories';
import { silenceMs } from '../streams/viewingSessionService';
import type { ControlRoomRepositories } from './controlRoomRepositories';
import type { ControlRoomRepository } from './controlRoomRepository';
import type { FeedProbe } from './feedProbe';
import type { IngestHooks } from './ingestHooks';
import { angleView, iso } from './controlRoomView';
import { liveState } from './liveState';
import { feedNames } from './service';

/** The players' reports the control room sums up: the window /metrics uses (health/playbackQualityMetrics.ts). */
const QUALITY_WINDOW_MINUTES = 15;

/** What the console's live control room is built with (controlRoom.ts). */
export type ControlRoomDeps = {
  uow: UnitOfWork<ControlRoomRepositories & OrganizerRepositories>;
  settings: AppConfig['live'];
  /** keys.srtPassphrases (modules/auth/keys.ts): a feed's SRT passphrase is derived from its key. */
  srtKey: Buffer;
  /** The running ingest's hands (ingestHooks.ts): drop encoders, restart the SRT listeners. */
  hooks: Pick<IngestHooks, 'dropEncoders' | 'feedsChanged'>;
  probe: FeedProbe;
  heartbeatSeconds: number;
  /** This instance's ingest (listening, starting, or off and why), shown beside the controls it disables. */
  ingestStatus: () => IngestStatus;
  /** Where a failure after a commit is told (the ingest not reached): never with a key. */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** This instance's catalog lets go of its answers at once (the others within the catalog's bound). */
  onCatalogChanged?: () => void;
  now?: () => number;
};

/** The event, if it is a 'Live' one (404 unknown, 409 another kind). */
export async function liveEvent(repo: ControlRoomRepository, eventId: number) {
  const event = await repo.event(eventId);
  if (!event) throw new NotFound(M.notFound(eventId));
  if (event.content_type !== 'Live') throw new Conflict(M.notLive);
  return event;
}

/**
 * What the control room reads (controlRoom.ts): the whole state the console shows, and whether the
 * show has ended.
 */
export function controlRoomReadsOf(deps: ControlRoomDeps) {
  const { uow, settings, probe } = deps;
  const now = deps.now ?? Date.now;
  const reconnectMs = settings.reconnectMinutes * 60_000;
  const rtmpBase = `rtmp://${settings.ingestHost}:${settings.rtmpPort}/live`;

  async function state(eventId: number): Promise<StudioLive> {
    const repo = uow.repos.liveControl;
    const event = await liveEvent(repo, eventId);
    const at = now();
    const [feeds, show, viewers, quality] = await Promise.all([
      repo.feeds(eventId),
      repo.show(eventId),
      repo.viewers(eventId, new Date(at - silenceMs(deps.heartbeatSeconds))),
      repo.quality(eventId, new Date(at - QUALITY_WINDOW_MINUTES * 60_000)),
    ]);
    const names = event.config ? feedNames(event.config) : [];
    const shown = liveState(feeds, show, at, reconnectMs);
    const angles = [...new Set([...names.keys(), ...feeds.map((f) => f.angle)])].sort((a, b) => a - b);
    return {
      eventId,
      title: event.title,
      airStartDate: iso(event.air_start_date),
      show: shown.show,
      startedAt: iso(show?.started_at),
      endedAt: iso(shown.endedAt),
      message: show?.message ?? null,
      ingest: { rtmpUrl: rtmpBase, ingestHost: settings.ingestHost, ...deps.ingestStatus() },
      angles: await Promise.all(
        angles.map((angle) =>
          angleView(
            probe,
            eventId,
            angle,
            names[angle] ?? `Angle ${angle}`,
            feeds.find((f) => f.angle === angle),
          ),
        ),
      ),
      viewers,
      quality: {
        windowMinutes: QUALITY_WINDOW_MINUTES,
        sessions: quality.sessions,
        startupP95Ms: quality.startupP95Ms === null ? null : Math.round(quality.startupP95Ms),
        rebufferRatio: quality.watchMs > 0 ? quality.stallMs / quality.watchMs : null,
      },
    };
  }

  /** Whether the show has ended (by the organizer, or by every encoder staying away too long). */
  async function ended(repo: ControlRoomRepository, eventId: number) {
    const [feeds, show] = await Promise.all([repo.feeds(eventId), repo.show(eventId)]);
    return { feeds, show, ended: liveState(feeds, show, now(), reconnectMs).show === 'ended' };
  }

  return { state, ended };
}
