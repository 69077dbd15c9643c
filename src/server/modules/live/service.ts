import fs from 'node:fs/promises';
import path from 'node:path';
import type { LiveStateData } from '../../../shared/contract/live';
import type { AppConfig } from '../../config';
import type { StoredStreamConfig } from '../../db/schema';
import { Conflict } from '../../platform/domainErrors';
import { eventNotFound } from '../../platform/eventNotFound';
import { liveState, type LiveState } from './liveState';
import type { LiveRepository } from './liveRepository';
import { createPublishDecision } from './publishDecision';
import { hashStreamKey, newStreamKey, srtPassphrase } from './streamKeys';

/** The sentences the live commands answer. */
export const LIVE_MESSAGES = {
  notLive: "Stream keys are only for 'Live' events.",
  noStreams: 'This event has no streams: import its stream config (angles and program) first.',
  keysIssued: (at: string) =>
    `Stream keys for this event were issued on ${at} and are shown only once. Run with --rotate for new ones ` +
    '(the old ones stop working at once).',
  ended: 'The show has ended.',
} as const;

/** A feed's name: the program cut (angle 0) is named by the config's Program, camera n by its streamUrls entry. */
export function feedNames(config: StoredStreamConfig): string[] {
  return [config.Program, ...config.streamUrls.map((s) => s.name)];
}

type Deps = {
  repo: LiveRepository;
  settings: AppConfig['live'];
  /** keys.srtPassphrases and keys.ingestControl (modules/auth/keys.ts). */
  srtKey: Buffer;
  relayKey: string;
  now?: () => number;
};

/**
 * Live shows: stream keys (issued, rotated, stored hashed), the ingest's publish decisions
 * (publishDecision.ts), the
 * show's end, and each feed's state for players and the ingest. The ingest's engines call in through
 * routes.ts; the engines themselves are started by ingest/ (only where they run).
 */
export function createLiveService(deps: Deps) {
  const { repo, settings } = deps;
  const now = deps.now ?? Date.now;
  const reconnectMs = settings.reconnectMinutes * 60_000;
  async function liveEvent(key: string) {
    const event = await repo.event(key);
    if (!event) throw eventNotFound(key);
    return event;
  }

  async function stateOf(eventId: number): Promise<LiveState> {
    const [feeds, show] = await Promise.all([repo.feeds(eventId), repo.show(eventId)]);
    const state = liveState(feeds, show, now(), reconnectMs);
    // Ended by the reconnect window: written down once, so the show's SRT ports are given back.
    if (state.show === 'ended' && !show?.ended_at && state.endedAt) await repo.endShow(eventId, state.endedAt);
    return state;
  }

  async function freeSrtPorts(count: number): Promise<number[]> {
    const used = new Set(await repo.usedSrtPorts());
    const free: number[] = [];
    for (let port = settings.srtPortBase; free.length < count && port < settings.srtPortBase + 1000; port += 1)
      if (!used.has(port)) free.push(port);
    if (free.length < count) throw new Conflict('Every SRT port of the ingest is taken: end or delete older shows.');
    return free;
  }

  const isEnded = async (eventId: number) => (await stateOf(eventId)).show === 'ended';
  const decision = createPublishDecision({ repo, relayKey: deps.relayKey, isEnded, now });
  const { relayName } = decision;

  return {
    relayName,

    /** The ingest's question when an encoder publishes `name` (publishDecision.ts). */
    authorizePublish: decision.authorizePublish,

    /**
     * New keys for every feed of a 'Live' event (its program cut and each angle of its stream config),
     * shown once. Without `rotate`, an event that has keys keeps them (they cannot be shown again).
     */
    async issueKeys(eventKey: string, opts: { rotate: boolean }) {
      const event = await liveEvent(eventKey);
      if (event.content_type !== 'Live') throw new Conflict(LIVE_MESSAGES.notLive);
      if (!event.config) throw new Conflict(LIVE_MESSAGES.noStreams);
      const names = feedNames(event.config);
      const existing = await repo.feeds(event.id);
      if (existing.length && !opts.rotate) {
        throw new Conflict(LIVE_MESSAGES.keysIssued(existing[0]!.issued_at.toISOString()));
      }
      if (existing.length && (await stateOf(event.id)).show === 'ended') throw new Conflict(LIVE_MESSAGES.ended);
      const ports = new Map(existing.flatMap((f) => (f.srt_port === null ? [] : [[f.angle, f.srt_port] as const])));
      const newPorts = await freeSrtPorts(names.filter((_, angle) => !ports.has(angle)).length);
      const at = new Date(now());
      const feeds = [];
      for (const [angle, name] of names.entries()) {
        const key = newStreamKey();
        const port = ports.get(angle) ?? newPorts.shift()!;
        const keyHash = hashStreamKey(key);
        await repo.putKey(event.id, angle, keyHash, port, at);
        feeds.push({ angle, name, key, srtPort: port, srtPassphrase: srtPassphrase(deps.srtKey, keyHash) });
      }
      await repo.removeFeedsAbove(event.id, [...names.keys()]);
      return { event: { id: event.id, title: event.title }, feeds };
    },

    /** The ingest says a publisher left; answers the feed it was (null: not a publisher we admitted). */
    async publishEnded(publisher: string) {
      return (await repo.stopPublishing(publisher, new Date(now()))) ?? null;
    },

    /** After the ingest (re)starts: no connection of a previous run is publishing any more. */
    async ingestRestarted() {
      await repo.stopAllPublishing(new Date(now()));
    },

    /** The organizer ends the show: its playlists become the replay at once; encoders are refused after. */
    async endShow(eventKey: string) {
      const event = await liveEvent(eventKey);
      if (!(await repo.feeds(event.id)).length)
        throw new Conflict('This event has no stream keys: it has no show to end.');
      await repo.endShow(event.id, new Date(now()));
      return { id: event.id, title: event.title };
    },

    /** The demo's show goes on air now (`npm run live:demo`; never in production: routes.ts). */
    async putOnAir(eventKey: string) {
      const event = await liveEvent(eventKey);
      if (event.content_type !== 'Live') throw new Conflict(LIVE_MESSAGES.notLive);
      const at = new Date(now());
      await repo.putOnAir(event.id, at);
      // The previous show's segments go with it: a new part 1 must not meet the old one's files.
      await fs.rm(path.join(settings.dir, `e${event.id}`), { recursive: true, force: true });
      return { id: event.id, title: event.title, airStartDate: at.toISOString() };
    },

    /** GET /v1/live/{id}. */
    async publicState(eventKey: string): Promise<LiveStateData> {
      const event = await liveEvent(eventKey);
      // A draft is unknown to the public: not its show's state, nor its message (the console reads its own).
      if (!event.published) throw eventNotFound(eventKey);
      const [state, show] = await Promise.all([stateOf(event.id), repo.show(event.id)]);
      // The organizer's message for viewers (the console's control room), only while one is set.
      const message = show?.message ? { message: show.message } : {};
      if (!state.angles.length) return { ingest: false, show: 'waiting', angles: [], ...message };
      return {
        ingest: true,
        show: state.show,
        angles: state.angles.map(({ angle, state: s }) => ({ angle, state: s })),
        ...message,
      };
    },

    /** What watching needs: null when the event has no keys (its live window plays the simulated fallback). */
    async playback(eventId: number): Promise<(LiveState & { eventId: number }) | null> {
      const state = await stateOf(eventId);
      return state.angles.length ? { ...state, eventId } : null;
    },

    /** What the SRT listeners serve: every feed of a show not ended, with its passphrase. */
    async srtFeeds() {
      const feeds = await repo.openFeeds();
      return feeds.map((f) => ({
        eventId: f.event_id,
        angle: f.angle,
        port: f.srt_port!,
        passphrase: srtPassphrase(deps.srtKey, f.key_hash),
        relayName: relayName(f.event_id, f.angle),
      }));
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
