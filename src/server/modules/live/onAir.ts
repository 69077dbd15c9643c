import type { LiveNowData } from '../../../shared/contract/live';
import { streamMode } from '../streams/schedule';
import { silenceMs } from '../streams/viewingSessionService';
import type { LiveState } from './liveState';
import type { OnAirRepository } from './onAirRepository';

type OnAirDeps = {
  repo: OnAirRepository;
  /** A keyed show's state (the live service's rule: waiting, live, ended by the reconnect window). */
  playback: (eventId: number) => Promise<LiveState | null>;
  /** STREAM_LIVE_MINUTES: how long a show without stream keys plays its simulated live window. */
  liveMinutes: number;
  heartbeatSeconds: number;
  now: () => number;
};

/**
 * What is on air now and how many watch it ('Live now' on the catalog pages and the player): a
 * show fed by encoders while its state is 'live', a show without stream keys during its simulated
 * live window. The count is of open viewing sessions (a device each, a tab that left unheard
 * lingers for the silence window), read from the database so every instance says the same.
 * The busiest first, then the latest to start.
 */
export function createOnAir(deps: OnAirDeps) {
  return {
    async list(): Promise<LiveNowData> {
      const at = deps.now();
      const candidates = await deps.repo.candidates(new Date(at), new Date(at - deps.liveMinutes * 60_000));
      const states = await Promise.all(
        candidates.map(async (c) =>
          c.keyed
            ? (await deps.playback(c.id))?.show === 'live'
            : // The streams' own rule for the simulated window (the query only narrowed the rows).
              streamMode({ contentType: 'Live', airStart: c.airStart }, at, deps.liveMinutes) === 'live',
        ),
      );
      const onAir = candidates.filter((_, i) => states[i]);
      const watching = await deps.repo.watching(
        onAir.map((c) => c.id),
        new Date(at - silenceMs(deps.heartbeatSeconds)),
      );
      const events = onAir.map((c) => ({
        id: c.id,
        path: c.path,
        watching: watching.get(c.id) ?? 0,
        started: c.airStart,
      }));
      events.sort(
        (a, b) => b.watching - a.watching || (b.started?.getTime() ?? 0) - (a.started?.getTime() ?? 0) || a.id - b.id,
      );
      return { events: events.map(({ id, path, watching: n }) => ({ id, path, watching: n })) };
    },
  };
}
