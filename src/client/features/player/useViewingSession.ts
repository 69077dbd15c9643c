import { useCallback, useEffect, useState } from 'react';
import { resolveUrl } from '../../api/apiHost';
import { useAppDispatch, useAppStore } from '../../lib/hooks';
import { selectRequestToken } from '../auth/authSelectors';
import { playerApi, sessionKeyHeader, type SessionHandle } from './playerApi';
import { PLAYER_COPY } from './playerCopy';
import { errorStatus, messageFor } from '../../api/serverError';

export type ViewingSessionState =
  | { status: 'opening' }
  | { status: 'open'; session: SessionHandle }
  /** 409: the ticket plays on as many devices as it may; the server's message names the limit. */
  | { status: 'refused'; message: string }
  /** 403: no ticket for this event. */
  | { status: 'forbidden' }
  | { status: 'failed'; message: string };

/**
 * The viewing session of this player (the device limit): opened on mount, kept by heartbeats, closed
 * on unmount and when the page goes away (pagehide, with keepalive so the request outlives the
 * page). A heartbeat answered 404 means the server let the session go: a new one is opened without
 * a word, unless the server refuses it. The session's key lives here, in memory only: it goes with
 * every heartbeat, close and stream config, in a header.
 */
export function useViewingSession(eventId: string) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [state, setState] = useState<ViewingSessionState>({ status: 'opening' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let current: SessionHandle | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const close = (session: SessionHandle) =>
      void dispatch(playerApi.endpoints.closeViewingSession.initiate(session, { track: false }));

    const open = async () => {
      const result = await dispatch(playerApi.endpoints.openViewingSession.initiate({ eventId }, { track: false }));
      const { data } = result;
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
      heartbeat = setInterval(() => void keep(), data.heartbeatSeconds * 1000);
    };

    const keep = async () => {
      const session = current;
      if (!session) return;
      const result = await dispatch(playerApi.endpoints.keepViewingSession.initiate(session, { track: false }));
      if (!live || current !== session || !result.error) return;
      if (errorStatus(result.error) === 404) {
        current = null;
        await open();
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

    void open();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', onPageHide);
      if (current) close(current);
    };
  }, [dispatch, store, eventId, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'opening' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
