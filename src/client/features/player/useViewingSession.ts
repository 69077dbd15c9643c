import { useCallback, useEffect, useState } from 'react';
import { resolveUrl } from '../../api/apiHost';
import { useAppDispatch, useAppStore } from '../../lib/hooks';
import { selectRequestToken, selectUserId } from '../auth/authSelectors';
import { entitlementFor, keepEntitlements } from './viewingEntitlements';
import { playerApi, sessionKeyHeader, type SessionHandle } from './playerApi';
import { PLAYER_COPY } from './playerCopy';
import { errorStatus, messageFor } from '../../api/serverError';
import { takeoverApi } from './takeoverApi';
import { movedAway } from './movedAway';
import { PLAYER_SPREAD, spreadEarlier } from '../../../shared/spread';

export type ViewingSessionState =
  | { status: 'opening' }
  | { status: 'open'; session: SessionHandle }
  /** 409: the ticket plays on as many devices as it may; the server's message names the limit. */
  | { status: 'refused'; message: string }
  /** 403: no ticket for this event. */
  | { status: 'forbidden' }
  /** Another device of the ticket took this one's place ('Watch here instead'): nothing plays here. */
  | { status: 'moved' }
  | { status: 'failed'; message: string };

/**
 * The viewing session of this player (the device limit): opened on mount, kept by heartbeats, closed
 * on unmount and when the page goes away (pagehide, with keepalive so the request outlives the
 * page). A heartbeat answered 404 (or a stream config 409 'session ended': `reopen`) means the
 * server let the session go: a new one is opened without a word, unless the server refuses it. The
 * session's key lives here, in memory only: it goes with every heartbeat, close and stream config, in
 * a header. 'Watch here instead' (`takeOver`) opens one in
 * place of the ticket's oldest device; a heartbeat answering that another device did so here ends
 * the session for good (`moved`, as does `markMoved` when the stream config said it), until the
 * viewer takes it back. Each open sends the ticket's kept entitlement and keeps the fresh one it
 * answers (viewingEntitlements.ts): during an outage of the server's database that is what lets it in.
 */
export function useViewingSession(eventId: string, eventNumber: number) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [state, setState] = useState<ViewingSessionState>({ status: 'opening' });
  // How the next session is asked for; 'none' after the show moved (nothing runs until the viewer acts).
  const [request, setRequest] = useState<{ n: number; how: 'open' | 'takeOver' | 'none' }>({ n: 0, how: 'open' });

  useEffect(() => {
    let live = true;
    let current: SessionHandle | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const close = (session: SessionHandle) =>
      void dispatch(playerApi.endpoints.closeViewingSession.initiate(session, { track: false }));

    const open = async (how = request.how) => {
      const endpoint =
        how === 'takeOver' ? takeoverApi.endpoints.takeOverViewingSession : playerApi.endpoints.openViewingSession;
      const userId = selectUserId(store.getState());
      const entitlement = entitlementFor(userId, eventNumber);
      const result = await dispatch(endpoint.initiate({ eventId, entitlement }, { track: false }));
      const { data } = result;
      if (data?.entitlement && userId) keepEntitlements(userId, [data.entitlement]);
      const opened = data ? { sessionId: data.sessionId, sessionKey: data.sessionKey } : null;
      if (!live) {
        if (opened) close(opened);
        return;
      }
      clearInterval(heartbeat);
      if (!data || !opened) {
        current = null;
        const status = errorStatus(result.error);
        const message = messageFor(result.error, PLAYER_COPY.sessionFailed);
        setState(
          status === 403
            ? { status: 'forbidden' }
            : status === 409
              ? { status: 'refused', message }
              : { status: 'failed', message },
        );
        return;
      }
      current = opened;
      setState({ status: 'open', session: opened });
      heartbeat = setInterval(() => void keep(), spreadEarlier(data.heartbeatSeconds * 1000, PLAYER_SPREAD.heartbeat));
    };

    const keep = async () => {
      const session = current;
      if (!session) return;
      const result = await dispatch(playerApi.endpoints.keepViewingSession.initiate(session, { track: false }));
      if (!live || current !== session || !result.error) return;
      if (movedAway(result.error)) {
        current = null;
        clearInterval(heartbeat);
        setState({ status: 'moved' });
      } else if (errorStatus(result.error) === 404) {
        current = null;
        await open('open');
      } else {
        console.warn('Viewing session heartbeat failed', errorStatus(result.error));
      }
    };

    const onPageHide = () => {
      if (!current) return;
      const token = selectRequestToken(store.getState());
      void fetch(resolveUrl(`/viewing-sessions/${encodeURIComponent(current.sessionId)}`), {
        method: 'DELETE',
        keepalive: true,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...sessionKeyHeader(current.sessionKey) },
      }).catch(() => undefined);
    };

    if (request.how === 'none') return undefined;
    void open();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', onPageHide);
      if (current) close(current);
    };
  }, [dispatch, store, eventId, eventNumber, request]);

  const again = useCallback((how: 'open' | 'takeOver' | 'none') => {
    setState(how === 'none' ? { status: 'moved' } : { status: 'opening' });
    setRequest(({ n }) => ({ n: n + 1, how }));
  }, []);
  const retry = useCallback(() => again('open'), [again]);
  /**
   * The stream config said the server let the session go: a new one, without a word (the player stays
   * as it is until the new session's config arrives), as when a heartbeat answers 404.
   */
  const reopen = useCallback(() => setRequest(({ n }) => ({ n: n + 1, how: 'open' })), []);
  /** 'Watch here instead': this device plays in place of the ticket's oldest one. */
  const takeOver = useCallback(() => again('takeOver'), [again]);
  /** The stream config said the show moved: the session ends here, heartbeats stop. */
  const markMoved = useCallback(() => again('none'), [again]);

  return { state, retry, reopen, takeOver, markMoved };
}
