import { useEffect, useRef, useState } from 'react';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import { Navigate } from 'react-router-dom';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { paths } from '../../lib/paths';
import type { SessionHandle } from './playerApi';
import { PlayerLoading, PlayerNotStarted, PlayerProblem } from './PlayerMessage';
import { PlayerView } from './PlayerView';
import { PlayerDeviceLimit, PlayerMoved } from './PlayerTakeover';
import { useLiveState } from './useLiveState';
import { useStreamConfig } from './useStreamConfig';
import { useViewingSession } from './useViewingSession';
import { PlaybackQualityContext, usePlaybackQualityReport } from './usePlaybackQuality';

/**
 * Watching an event the viewer may watch: a viewing session first (the device limit), then the stream
 * config for it. Refusals are shown with a way to try again; a 403 sends the viewer to the event page.
 * With every device of the ticket in use, 'Watch here instead' takes the oldest one's place; a device
 * whose place was taken stops and says so (its heartbeat or its stream config tells it).
 */
export function PlayerSession({ event }: { event: AssetDetail }) {
  const { state, retry, reopen, takeOver, markMoved } = useViewingSession(event.path, event.id);
  const quality = usePlaybackQualityReport(state.status === 'open' ? state.session : null);
  // hls.js downloads and compiles while the session and the config are asked for, not after them:
  // on a slow phone that is a few hundred ms off the first frame. The tiles import the same chunk.
  useEffect(() => {
    import(/* webpackChunkName: "hls" */ './loadHls').catch(() => undefined);
  }, []);
  switch (state.status) {
    case 'opening':
      return <PlayerLoading event={event} />;
    case 'forbidden':
      return <Navigate to={paths.event(event.path)} replace />;
    case 'refused':
      return <PlayerDeviceLimit event={event} message={state.message} onTakeOver={takeOver} onRetry={retry} />;
    case 'moved':
      return <PlayerMoved event={event} onTakeOver={takeOver} />;
    case 'failed':
      return <PlayerProblem event={event} message={state.message} onRetry={retry} />;
    case 'open':
      return (
        <PlaybackQualityContext value={quality}>
          <PlayerStream event={event} session={state.session} onRestart={retry} onLapsed={reopen} onMoved={markMoved} />
        </PlaybackQualityContext>
      );
  }
}

/** A session lapsing again this soon after a silent reopen is said, with Play to start again: no loop. */
const REOPEN_MIN_INTERVAL_MS = 10_000;

function PlayerStream({
  event,
  session,
  onRestart,
  onLapsed,
  onMoved,
}: {
  event: AssetDetail;
  session: SessionHandle;
  onRestart: () => void;
  onLapsed: () => void;
  onMoved: () => void;
}) {
  const { state, refresh, retry } = useStreamConfig(event.path, session, event.id);
  // A refused media URL asked for a fresh config, which says another device took over: stop here.
  const moved = state.status === 'failed' && state.message === STREAM_MESSAGES.movedAway;
  useEffect(() => {
    if (moved) onMoved();
  }, [moved, onMoved]);
  // The server let the session go: a new one, silently, while the angles play on what they have.
  const lapsed = state.status === 'lapsed';
  const lastReopen = useRef(-Infinity);
  const [lapsedAgain, setLapsedAgain] = useState(false);
  useEffect(() => {
    if (!lapsed) return;
    if (Date.now() - lastReopen.current < REOPEN_MIN_INTERVAL_MS) return setLapsedAgain(true);
    lastReopen.current = Date.now();
    onLapsed();
  }, [lapsed, onLapsed]);
  const stream = state.status === 'ready' || state.status === 'lapsed' ? state.stream : null;
  const live = stream?.mode === 'live';
  const liveState = useLiveState(event.path, live, retry);
  switch (state.status) {
    case 'loading':
      return <PlayerLoading event={event} />;
    case 'forbidden':
      return <Navigate to={paths.event(event.path)} replace />;
    case 'notStarted':
      return <PlayerNotStarted event={event} />;
    case 'failed':
      return moved ? null : <PlayerProblem event={event} message={state.message} onRetry={onRestart} />;
    case 'lapsed':
      if (lapsedAgain)
        return <PlayerProblem event={event} message={STREAM_MESSAGES.sessionEnded} onRetry={onRestart} />;
      return state.stream ? (
        <PlayerView
          event={event}
          stream={state.stream}
          liveState={liveState}
          onExpired={refresh}
          refreshFailed={null}
          onRetryRefresh={retry}
        />
      ) : (
        <PlayerLoading event={event} />
      );
    case 'ready':
      return (
        <PlayerView
          event={event}
          stream={state.stream}
          liveState={liveState}
          onExpired={refresh}
          refreshFailed={state.refreshFailed}
          onRetryRefresh={retry}
        />
      );
  }
}
