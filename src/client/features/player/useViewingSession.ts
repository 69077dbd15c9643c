import { useCallback, useEffect, useState } from 'react';
import { resolveUrl } from '../../api/apiHost';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { selectRequestToken } from '../auth/authSelectors';
import { errorMessage, errorStatus, playerApi } from './playerApi';
import { PLAYER_COPY } from './playerCopy';

export type ViewingSessionState =
  | { status: 'opening' }
  | { status: 'open'; sessionId: string }
  /** 409: the ticket plays on as many devices as it may; the server's message names the limit. */
  | { status: 'refused'; message: string }
  /** 403: no ticket for this event. */
  | { status: 'forbidden' }
  | { status: 'failed'; message: string };

/**
 * The viewing session of this player (the device limit): opened on mount, kept by heartbeats, closed
 * on unmount and when the page goes away (pagehide, with keepalive so the request outlives the
 * page). A heartbeat answered 404 means the server let the session go: a new one is opened without
 * a word, unless the server refuses it.
 */
export function useViewingSession(eventId: string) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [state, setState] = useState<ViewingSessionState>({ status: 'opening' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let current: string | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const close = (sessionId: string) => void dispatch(playerApi.endpoints.closeViewingSession.initiate(sessionId, { track: false }));

    const open = async () => {
      const result = await dispatch(playerApi.endpoints.openViewingSession.initiate({ eventId }, { track: false }));
      if (!live) {
        if (result.data) close(result.data.sessionId);
        return;
      }
      clearInterval(heartbeat);
      if (!result.data) {
        current = null;
        const status = errorStatus(result.error);
        const message = errorMessage(result.error) ?? PLAYER_COPY.sessionFailed;
        setState(status === 403 ? { status: 'forbidden' } : status === 409 ? { status: 'refused', message } : { status: 'failed', message });
        return;
      }
      current = result.data.sessionId;
      setState({ status: 'open', sessionId: current });
      heartbeat = setInterval(() => void keep(), result.data.heartbeatSeconds * 1000);
    };

    const keep = async () => {
      const sessionId = current;
      if (!sessionId) return;
      const result = await dispatch(playerApi.endpoints.keepViewingSession.initiate(sessionId, { track: false }));
      if (!live || current !== sessionId || !result.error) return;
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
      void fetch(resolveUrl(`/viewing-sessions/${encodeURIComponent(current)}`), {
        method: 'DELETE', keepalive: true, headers: token ? { Authorization: `Bearer ${token}` } : {},
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
