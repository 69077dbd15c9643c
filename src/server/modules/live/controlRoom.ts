import { STUDIO_LIVE_MESSAGES as M, type StudioLive, type StudioLiveKeys } from '../../../shared/contract/studioLive';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import { Conflict, Invalid, NotFound, Unavailable } from '../../platform/domainErrors';
import { EngineMissing } from './feedProbe';
import { iso } from './controlRoomView';
import { feedNames } from './service';
import { hashStreamKey, newStreamKey, srtPassphrase } from './streamKeys';

import { controlRoomReadsOf, liveEvent, type ControlRoomDeps } from './controlRoomReads';

type Deps = ControlRoomDeps;
type Reads = ReturnType<typeof controlRoomReadsOf>;

/** Stream keys: new ones for the chosen angles, on free SRT ports, an old key stopped at once. */
function streamKeysOf(deps: Deps, { ended }: Reads) {
  const { uow, settings, hooks } = deps;
  const now = deps.now ?? Date.now;
  const rtmpBase = `rtmp://${settings.ingestHost}:${settings.rtmpPort}/live`;

  /** Free SRT ports from the ingest's base, as the live command gives them (service.ts). */
  function freePorts(used: number[], count: number): number[] {
    const taken = new Set(used);
    const free: number[] = [];
    for (let port = settings.srtPortBase; free.length < count && port < settings.srtPortBase + 1000; port += 1)
      if (!taken.has(port)) free.push(port);
    if (free.length < count) throw new Conflict('Every SRT port of the ingest is taken: end or delete older shows.');
    return free;
  }

  return {
    /**
     * New keys for the chosen angles (every angle of the stream config when none is chosen): a first
     * key, or a new one whose old key stops at once (its encoder is dropped after the commit). The
     * keys are in the answer only: the audit says which angles, never a key.
     */
    async issueKeys(organizer: OrganizerCaller, eventId: number, chosen: number[]): Promise<StudioLiveKeys> {
      const at = new Date(now());
      const issued = await uow.transaction(async (repos) => {
        const repo = repos.liveControl;
        await repo.lockEvent(eventId);
        const event = await liveEvent(repo, eventId);
        if (!event.config) throw new Conflict(M.noStreams);
        const names = feedNames(event.config);
        const angles = chosen.length ? [...new Set(chosen)].sort((a, b) => a - b) : [...names.keys()];
        const unknown = angles.filter((a) => a >= names.length);
        if (unknown.length) throw new Invalid(M.unknownAngles(unknown));
        const current = await ended(repo, eventId);
        if (current.ended) throw new Conflict(M.ended);
        const ports = new Map(
          current.feeds.flatMap((f) => (f.srt_port === null ? [] : [[f.angle, f.srt_port] as const])),
        );
        const needed = angles.filter((a) => !ports.has(a)).length;
        // Taken last (after the event's lock), and only when new ports are chosen: a rotation waits for nobody.
        if (needed) await repo.lockSrtPorts();
        const free = freePorts(await repo.usedSrtPorts(), needed);
        const feeds = [];
        for (const angle of angles) {
          const key = newStreamKey();
          const keyHash = hashStreamKey(key);
          const srtPort = ports.get(angle) ?? free.shift()!;
          await repo.putKey(eventId, angle, keyHash, srtPort, at);
          const rotated = current.feeds.some((f) => f.angle === angle);
          feeds.push({ angle, name: names[angle]!, key, srtPort, keyHash, rotated });
        }
        await repos.audit.record({
          actor: organizer,
          action: 'live.keys',
          subjectType: 'live',
          subjectId: eventId,
          before: { keys: current.feeds.map((f) => ({ angle: f.angle, issuedAt: iso(f.issued_at) })) },
          after: {
            issued: feeds.filter((f) => !f.rotated).map((f) => f.angle),
            rotated: feeds.filter((f) => f.rotated).map((f) => f.angle),
            issuedAt: at.toISOString(),
          },
        });
        return feeds;
      });
      const rotated = issued.filter((f) => f.rotated).map((f) => f.angle);
      // The new keys are committed and the old ones refused from now on: the organizer must see the new
      // ones whatever the ingest says. An encoder not dropped now is refused at its next publish.
      try {
        if (rotated.length) await hooks.dropEncoders(eventId, rotated);
        hooks.feedsChanged();
      } catch (err) {
        deps.log?.error({ err, eventId, angles: rotated }, 'rotated stream keys: telling the ingest failed');
      }
      return {
        feeds: issued.map((f) => ({
          angle: f.angle,
          name: f.name,
          key: f.key,
          rtmpUrl: `${rtmpBase}/${f.key}`,
          srtUrl:
            `srt://${settings.ingestHost}:${f.srtPort}?passphrase=${srtPassphrase(deps.srtKey, f.keyHash)}` +
            '&pbkeylen=16&latency=120000',
          rotated: f.rotated,
        })),
      };
    },
  };
}

/**
 * The console's live control room for a 'Live' event: the show's and each feed's state,
 * what each feed sends (from the packager's newest segment, read by the engines), who watches and
 * how well, and the organizer's actions — stream keys (shown once, never stored or logged), start,
 * end (the replay; the live command's end, audited), and a message for viewers. Each action and its
 * audit entry are one transaction; the ingest is told after it commits.
 */
export function createLiveControlRoom(deps: Deps) {
  const { uow, hooks, probe } = deps;
  const now = deps.now ?? Date.now;
  const { state, ended } = controlRoomReadsOf(deps);

  return {
    state,
    ...streamKeysOf(deps, { state, ended }),

    /** 'Start show': on air now (the air start moves to now); an air start already past stays. */
    async start(organizer: OrganizerCaller, eventId: number): Promise<StudioLive> {
      const at = new Date(now());
      const changed = await uow.transaction(async (repos) => {
        const repo = repos.liveControl;
        await repo.lockEvent(eventId);
        const event = await liveEvent(repo, eventId);
        const show = await ended(repo, eventId);
        if (!show.feeds.length) throw new Conflict(M.noKeys);
        if (show.ended) throw new Conflict(M.ended);
        if (event.air_start_date && new Date(event.air_start_date) <= at) return false;
        await repo.startShow(eventId, at);
        await repos.audit.record({
          actor: organizer,
          action: 'live.start',
          subjectType: 'live',
          subjectId: eventId,
          before: { airStartDate: iso(event.air_start_date) },
          after: { airStartDate: at.toISOString() },
        });
        return true;
      });
      if (changed) deps.onCatalogChanged?.();
      return state(eventId);
    },

    /**
     * 'End show': the playlists become the replay at once, every encoder is dropped and refused after
     * (as `npm run live:end` does), and the viewers' message is cleared. An ended show stays as it is.
     */
    async end(organizer: OrganizerCaller, eventId: number): Promise<StudioLive> {
      const at = new Date(now());
      const changed = await uow.transaction(async (repos) => {
        const repo = repos.liveControl;
        await repo.lockEvent(eventId);
        await liveEvent(repo, eventId);
        const { feeds, show } = await ended(repo, eventId);
        if (!feeds.length) throw new Conflict(M.noKeys);
        if (show?.ended_at) return false;
        await repo.endShow(eventId, at);
        if (show?.message) await repo.setMessage(eventId, null, at);
        await repos.audit.record({
          actor: organizer,
          action: 'live.end',
          subjectType: 'live',
          subjectId: eventId,
          before: { endedAt: null, message: show?.message ?? null },
          after: { endedAt: at.toISOString(), message: null },
        });
        return true;
      });
      if (changed) {
        await hooks.dropEncoders(eventId);
        hooks.feedsChanged();
      }
      return state(eventId);
    },

    /** The message viewers see over the player; empty clears it. */
    async message(organizer: OrganizerCaller, eventId: number, text: string): Promise<StudioLive> {
      const message = text.trim() || null;
      await uow.transaction(async (repos) => {
        const repo = repos.liveControl;
        await repo.lockEvent(eventId);
        await liveEvent(repo, eventId);
        const before = (await repo.show(eventId))?.message ?? null;
        if (before === message) return;
        await repo.setMessage(eventId, message, new Date(now()));
        await repos.audit.record({
          actor: organizer,
          action: 'live.message',
          subjectType: 'live',
          subjectId: eventId,
          before: { message: before },
          after: { message },
        });
      });
      return state(eventId);
    },

    /** A JPEG of the feed's newest segment (kept a few seconds). */
    async preview(eventId: number, angle: number): Promise<Buffer> {
      await liveEvent(uow.repos.liveControl, eventId);
      const jpeg = await probe.preview(eventId, angle).catch((e: unknown) => {
        if (e instanceof EngineMissing) throw new Unavailable(M.previewUnavailable);
        throw e;
      });
      if (!jpeg) throw new NotFound(M.noPreview);
      return jpeg;
    },
  };
}
export type LiveControlRoom = ReturnType<typeof createLiveControlRoom>;
