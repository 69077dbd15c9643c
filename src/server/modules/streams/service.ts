import type { StreamConfigData } from '../../../shared/contract/streams';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import type { AppConfig } from '../../config';
import { Conflict, Forbidden, NotFound } from '../../platform/domainErrors';
import type { Caller } from '../../platform/callerIdentity';
import { eventNotFound } from '../../platform/eventNotFound';
import type { StreamRepository } from './streamRepository';
import { streamMode } from './schedule';
import type { StoredStreamConfig } from '../../db/schema';
import { FEED_FIELDS, parsePlaylistPath, streamConfigFile } from './streamConfigFile';
import { viewerTag, type MediaGrant, type MediaSigner } from './urlSigner';
import { randomBytes } from 'node:crypto';
import { createLastKnown } from '../../platform/ttlCache';
import { createTicketCheck } from './ticketCheck';
import { replayEndMs } from '../../../shared/replayWindow';
import { createViewingEntitlements, type ViewingEntitlements } from './viewingEntitlement';

/**
 * The viewing session a player names: its id (query) and its key (header), either possibly missing;
 * and the ticket's signed entitlement (header), which answers for the database during an outage.
 */
export type SessionRef = { id?: string | undefined; key?: string | undefined; entitlement?: string | undefined };

/**
 * The device limit's check (viewing sessions), asked after entitlement and before any URL is
 * signed; it throws to refuse. Optional so the module stands alone; the app wires it.
 */
export type SessionCheck = (
  caller: Caller,
  eventId: number,
  premium: boolean,
  sessionId: string | undefined,
  sessionKey: string | undefined,
  entitlement?: string,
) => Promise<void>;

export type StreamConfigAnswer = {
  config_data: string;
  expiresAt: string;
  mode: 'live' | 'vod';
  airStartDate: string | null;
};

/**
 * A 'Live' event fed by the real ingest (modules/live, wired by the composition root): whether its
 * show has ended, and each feed's playlist (angle 0 the program cut, 1–9 the cameras) with the folder
 * its signature covers. Null: no stream keys, the live window plays the simulated fallback.
 */
type LiveFeeds = (eventId: number) => Promise<{
  ended: boolean;
  /** When it ended; null while on. */
  endedAt?: Date | null;
  feed(angle: number): { dir: string; file: string };
} | null>;

type Deps = {
  repo: StreamRepository;
  liveFeeds?: LiveFeeds;
  entitlements: { ownsEvent(caller: Caller | null, eventId: number): Promise<boolean> };
  signer: MediaSigner;
  settings: AppConfig['streams'];
  /**
   * How long a premium event's URLs work. The edge checks only the signature, so this is how long
   * media go on after the viewing session ends; the player renews them well before (useStreamConfig).
   */
  premiumUrlTtlSeconds: number;
  now?: () => number;
  sessionCheck?: SessionCheck;
  /** Checks tickets' signed entitlements during an outage; every instance shares it (the app wires it). */
  vouchers?: ViewingEntitlements;
  /**
   * How long a ticket's replay was extended (the guaranteed view, wired by the composition root),
   * asked only once the event's replay window has passed; null: not extended.
   */
  replayExtension?: (userId: number, eventId: number) => Promise<Date | null>;
};

/**
 * GET /admin/asset/streamconfig/{id}: an entitled caller's config, every media URL signed for them.
 * A premium event's URLs also name the viewing session (inside the signature), so they stop working
 * when that session ends (protectedMedia.ts asks).
 */
export function createStreamService(deps: Deps) {
  const { repo, signer, settings } = deps;
  const now = deps.now ?? Date.now;
  const holdsTicket = createTicketCheck({
    ownsEvent: deps.entitlements.ownsEvent,
    vouchers: deps.vouchers ?? createViewingEntitlements(randomBytes(32), now),
  });
  // Read afresh for every config; during an outage the last one read stands in, so players renew their URLs.
  const events = createLastKnown({
    max: 10_000,
    now,
    load: (key: string) => repo.eventWithConfig(key),
  });

  /**
   * A live event's replay stays `replay_days` after the show's end (the real show's, else air start
   * plus the live window); null days: it stays. Past it, only a ticket the guaranteed view extended
   * plays, until its own end (docs/decisions.md "After the purchase").
   */
  async function assertReplayOpen(
    caller: Caller,
    event: { id: number; content_type: string; air_start_date: Date | null; replay_days: number | null },
    live: Awaited<ReturnType<LiveFeeds>>,
    at: number,
  ): Promise<void> {
    if (!event.air_start_date) return;
    // The show's end as the player sees it now (the live state may know of an end not written down yet).
    const showEnd = live
      ? live.ended
        ? (live.endedAt?.getTime() ?? null)
        : null
      : event.air_start_date.getTime() + settings.liveMinutes * 60_000;
    const replayEnd = replayEndMs(event, showEnd);
    if (replayEnd === null || at < replayEnd) return;
    const extended = caller.kind === 'user' ? await deps.replayExtension?.(caller.userId, event.id) : null;
    if (extended && at < extended.getTime()) return;
    throw new Forbidden(STREAM_MESSAGES.replayEnded(new Date(replayEnd).toISOString().slice(0, 10)));
  }

  return {
    async config(caller: Caller, key: string, session: SessionRef = {}): Promise<StreamConfigAnswer> {
      const event = await events.get(key);
      if (!event) throw eventNotFound(key);
      if (!event.config) throw new NotFound(`No streams for event "${key}"`);
      // The ticket and the show's state are read together: at showtime thousands of configs a minute
      // each wait for their reads, and two round trips at once are one round trip's wait.
      // Each is answered in its old order: a caller without a ticket hears that, whatever the show's read gave.
      const [entitled, show] = await Promise.allSettled([
        !event.is_premium || holdsTicket(caller, event.id, session.entitlement),
        event.content_type === 'Live' ? (deps.liveFeeds?.(event.id) ?? null) : null,
      ]);
      // A draft is unknown to shoppers; its ticket holders (sold before it was unpublished) keep watching.
      if (!event.published && (!event.is_premium || !settled(entitled))) throw eventNotFound(key);
      if (!settled(entitled)) throw new Forbidden(STREAM_MESSAGES.notEntitled);
      const at = now();
      const mode = streamMode(
        { contentType: event.content_type, airStart: event.air_start_date },
        at,
        settings.liveMinutes,
      );
      if (mode === 'upcoming') throw new Conflict(STREAM_MESSAGES.notStarted);
      const live = settled(show);
      // A replay past its window is refused before the session is asked for: no session makes it play.
      await assertReplayOpen(caller, event, live, at);
      await deps.sessionCheck?.(caller, event.id, event.is_premium, session.id, session.key, session.entitlement);

      const exp = Math.floor(at / 1000) + (event.is_premium ? deps.premiumUrlTtlSeconds : settings.urlTtlMinutes * 60);
      const grant: MediaGrant =
        event.is_premium && session.id
          ? { e: event.id, v: viewerTag(caller), s: session.id.toLowerCase(), exp }
          : { e: event.id, v: viewerTag(caller), exp };
      const stored = streamConfigFile.parse(event.config);
      const signed = live
        ? liveConfig(stored, (angle) => {
            const { dir, file } = live.feed(angle);
            return signer.url(dir, file, grant);
          })
        : signConfig(stored, (url) => signUrl(signer, url, grant));
      return {
        config_data: JSON.stringify(signed),
        expiresAt: new Date(grant.exp * 1000).toISOString(),
        // A real show is live until it ends (not for a fixed time); the same playlists are then the replay.
        mode: live ? (live.ended ? 'vod' : 'live') : mode,
        airStartDate: event.air_start_date?.toISOString() ?? null,
      };
    },
  };
}
export type StreamService = ReturnType<typeof createStreamService>;

/** A settled promise's value, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

function signUrl(signer: MediaSigner, url: string, grant: MediaGrant): string {
  const where = parsePlaylistPath(url);
  // Stored configs were validated on import: a path that is not one is a fault of ours, not the caller's.
  if (!where) throw new Error(`stored stream config holds a path that is not a protected playlist: ${url}`);
  return signer.url(`streams/${where.dir}`, where.file, grant);
}

/** A live show's config: the program feed in every feed field, camera n in streamUrls[n - 1]. */
function liveConfig(config: StoredStreamConfig, feedUrl: (angle: number) => string): StreamConfigData {
  const program = feedUrl(0);
  const feeds = Object.fromEntries(FEED_FIELDS.map((f) => [f, program])) as Record<
    (typeof FEED_FIELDS)[number],
    string
  >;
  return {
    ...feeds,
    Program: config.Program,
    streamUrls: config.streamUrls.map((s, i) => ({ url: feedUrl(i + 1), name: s.name })),
    layoutConfigs: config.layoutConfigs,
  };
}

function signConfig(config: StoredStreamConfig, sign: (url: string) => string): StreamConfigData {
  const feeds = Object.fromEntries(FEED_FIELDS.map((f) => [f, sign(config[f])])) as Record<
    (typeof FEED_FIELDS)[number],
    string
  >;
  return {
    ...feeds,
    Program: config.Program,
    streamUrls: config.streamUrls.map((s) => ({ url: sign(s.url), name: s.name })),
    layoutConfigs: config.layoutConfigs,
  };
}
