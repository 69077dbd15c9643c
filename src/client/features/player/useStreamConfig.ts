import { useCallback, useEffect, useRef } from 'react';
import { isReplayEnded, STREAM_MESSAGES } from '../../../shared/contract/streams';
import { useLazyGetStreamConfigQuery, type SessionHandle, type StreamConfig } from './playerApi';
import { PLAYER_COPY } from './playerCopy';
import { tileSources } from './tileSources';
import { errorStatus, serverMessage } from '../../api/serverError';
import { useAppSelector } from '../../lib/hooks';
import { selectUserId } from '../auth/authSelectors';
import { entitlementFor } from './viewingEntitlements';
import { PLAYER_SPREAD, spreadEarlier } from '../../../shared/spread';

/** A second refresh sooner than this means the fresh URLs are refused too: the tile gives up. */
const REFRESH_MIN_INTERVAL_MS = 10_000;
/** A renewal never comes sooner than this after the last config, whatever its lifetime says. */
const RENEW_MIN_MS = 5_000;

/**
 * When the config's URLs are renewed: half-way through their life (up to a fifth sooner, spread), so
 * a renewal that fails has the other half to be tried again before a tile meets an expired URL (a
 * premium event's URLs live two heartbeats, a minute by default; a three-hour show renews them all
 * along, tiles playing on).
 */
const renewDelayMs = (expiresAt: string, nowMs: number) =>
  Math.max(RENEW_MIN_MS, spreadEarlier((Date.parse(expiresAt) - nowMs) / 2, PLAYER_SPREAD.renewal));

export type StreamConfigState =
  | { status: 'loading' }
  | { status: 'ready'; stream: StreamConfig; refreshFailed: string | null }
  | { status: 'forbidden' }
  | { status: 'notStarted' }
  /**
   * The server let this viewing session go (409 'session ended', say after an overload kept its
   * heartbeats away): a new one is opened without a word, as after a heartbeat's 404; what played
   * (`stream`) plays on meanwhile.
   */
  | { status: 'lapsed'; stream: StreamConfig | null }
  | { status: 'failed'; message: string };

/**
 * The stream config for this viewing session, fetched on arrival, renewed half-way through its URLs'
 * life, and again on demand: when a tile's signed URL is refused (403), one fresh config serves
 * every tile, however many report it. A new
 * session (the server let the last one go) gets a fresh config at once: a premium event's URLs name
 * their session, so the old ones stop working.
 */
export function useStreamConfig(path: string, sessionHandle: SessionHandle, eventId: number) {
  const userId = useAppSelector(selectUserId);
  const [fetchConfig, { data, error }] = useLazyGetStreamConfigQuery();
  const session = useRef(sessionHandle);
  const loadedFor = useRef<string | null>(null);
  const refreshing = useRef(false);
  const lastRefresh = useRef(-Infinity);

  const load = useCallback(() => {
    refreshing.current = true;
    loadedFor.current = session.current.sessionId;
    // The ticket's kept entitlement goes along: during an outage it stands for the order and the session.
    void fetchConfig({ path, ...session.current, entitlement: entitlementFor(userId, eventId) }).finally(() => {
      refreshing.current = false;
    });
  }, [fetchConfig, path, userId, eventId]);

  useEffect(() => {
    session.current = sessionHandle;
    if (loadedFor.current !== null && loadedFor.current !== sessionHandle.sessionId) load();
  }, [sessionHandle, load]);

  useEffect(load, [load]);

  // The URLs are renewed before they expire; tiles move to the new grant without reloading (useHlsTile).
  const expiresAt = data?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setTimeout(load, renewDelayMs(expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, error, load]);

  /** A tile's URL answered 403: true when a fresh config is (or is being) fetched for it. */
  const refresh = useCallback(
    (failedUrl: string): boolean => {
      if (refreshing.current) return true;
      if (!data || !tileSources(data.config).some((t) => t.url === failedUrl)) return true;
      if (Date.now() - lastRefresh.current < REFRESH_MIN_INTERVAL_MS) return false;
      lastRefresh.current = Date.now();
      load();
      return true;
    },
    [data, load],
  );

  return { state: configState(data, error), refresh, retry: load };
}

function configState(data: StreamConfig | undefined, error: unknown): StreamConfigState {
  if (error) {
    const status = errorStatus(error);
    const message = serverMessage(error);
    // The replay's window has passed: said as it is (the event page would only talk of tickets).
    if (status === 403 && isReplayEnded(message)) return { status: 'failed', message: message! };
    if (status === 403) return { status: 'forbidden' };
    if (status === 409 && message === STREAM_MESSAGES.notStarted) return { status: 'notStarted' };
    if (status === 409 && message === STREAM_MESSAGES.sessionEnded) return { status: 'lapsed', stream: data ?? null };
    if (data && status !== 409)
      return { status: 'ready', stream: data, refreshFailed: message ?? PLAYER_COPY.configFailed };
    return { status: 'failed', message: message ?? PLAYER_COPY.configFailed };
  }
  return data ? { status: 'ready', stream: data, refreshFailed: null } : { status: 'loading' };
}
