import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { LIVE_COPY, type LiveStateData } from '../../../shared/contract/live';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ControlsBar } from './ControlsBar';
import { liveFeeds } from './liveFeeds';
import { OrganizerMessage, ShowStateNotice } from './LiveNotices';
import type { StreamConfig } from './playerApi';
import { PLAYER_COPY } from './playerCopy';
import {
  playerAngleChosen,
  playerLayoutChosen,
  playerMuteToggled,
  playerPlayToggled,
  playerSoundBlocked,
  playerVolumeChanged,
  selectPlayer,
} from './playerSlice';
import { PlayerTile } from './PlayerTile';
import { PlayerTopBar } from './PlayerTopBar';
import { ShortcutsDialog } from './ShortcutsDialog';
import { TileRegistry } from './tileRegistry';
import { usePlayerLoops } from './usePlayerLoops';
import { useFullscreen } from './useFullscreen';
import { useLiveSeeking, useReplaySeeking } from './useLiveSeeking';
import { useReplayAfterShow } from './useReplayAfterShow';
import { useShortcuts } from './useShortcuts';
import { useMainTileQuality } from './usePlaybackQuality';
import { useTileLayout } from './useTileLayout';

type Props = {
  event: AssetDetail;
  stream: StreamConfig;
  /** The live show's feeds (useLiveState): undefined while first asked, null when there is nothing to go by. */
  liveState: LiveStateData | null | undefined;
  /** A tile's URL was refused: true while a fresh config is coming. */
  onExpired: (url: string) => boolean;
  refreshFailed: string | null;
  onRetryRefresh: () => void;
};

/** A fresh stream config was refused while tiles were playing: the message, and a new try. */
function RefreshFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ borderRadius: 0 }}
      action={
        <Button variant="ghost" color="inherit" size="sm" onClick={onRetry}>
          {PLAYER_COPY.tryAgain}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** The multi-angle player: every angle playing at once, placed by the chosen layout, one of them heard. */
export function PlayerView({ event, stream, liveState, onExpired, refreshFailed, onRetryRefresh }: Props) {
  const dispatch = useAppDispatch();
  const { layout, main, muted, volume, paused, behindLive } = useAppSelector(selectPlayer);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [registry] = useState(() => new TileRegistry());
  const [heights, setHeights] = useState<Record<number, number | null>>({});
  const [helpOpen, setHelpOpen] = useState(false);
  const fullscreen = useFullscreen(root);
  const live = stream.mode === 'live';
  // Once a show from an encoder has ended, its last state still says which feeds never came.
  const feeds = useMemo(() => liveFeeds(live ? liveState : (liveState ?? null)), [live, liveState]);
  // A show from an encoder plays close to its edge, with a seek bar (DVR); the simulated one as before.
  const liveEdge = live && feeds.ingest;
  const followEdge = !paused && !behindLive;
  const startingSoon = feeds.ingest && feeds.show === 'waiting';
  const rightBack = feeds.ingest && feeds.show === 'live' && feeds.feedOf(main) === 'offline';
  // The organizer's message for viewers ('technical difficulties'), set in the console's control room.
  const organizerMessage = live ? (liveState?.message ?? null) : null;

  const { position, goLive, seek } = useLiveSeeking(registry, { main, live, liveEdge, paused, behindLive });
  // On demand (a replay too): the whole show on a seek bar, every angle moving along.
  const replay = useReplaySeeking(registry, main, !live);
  useReplayAfterShow(registry, live, replay, paused);
  const { sources, layouts, chosen, placements, shape } = useTileLayout(stream.config, layout, main);
  const down = useMemo(
    () => new Set(sources.map((s) => s.angle).filter((a) => feeds.feedOf(a) !== 'live')),
    [feeds, sources],
  );

  const promote = useCallback(
    (angle: number) => {
      if (sources.some((s) => s.angle === angle)) dispatch(playerAngleChosen(angle));
    },
    [dispatch, sources],
  );
  const onLevel = useCallback((angle: number, height: number | null) => {
    setHeights((known) => (known[angle] === height ? known : { ...known, [angle]: height }));
  }, []);
  const onSoundBlocked = useCallback(() => dispatch(playerSoundBlocked()), [dispatch]);

  // The angle shown as the main one (the chosen one, or the first when the chosen is not in this stream).
  useMainTileQuality(registry, [...placements].find(([, p]) => p.main)?.[0] ?? main);
  usePlayerLoops(registry, {
    main,
    layout: chosen.layout,
    mode: stream.mode,
    layouts,
    sync: { down, mainRateByHls: liveEdge },
  });
  useShortcuts({
    promote,
    togglePlay: () => dispatch(playerPlayToggled()),
    toggleMute: () => dispatch(playerMuteToggled()),
    toggleFullscreen: fullscreen.toggle,
    goLive,
    showHelp: () => setHelpOpen(true),
  });

  return (
    <Box ref={setRoot} sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: '#000' }}>
      <PlayerTopBar event={event} watching={live ? liveState?.watching : undefined} />
      {refreshFailed && <RefreshFailed message={refreshFailed} onRetry={onRetryRefresh} />}
      <Box
        component="section"
        aria-label={PLAYER_COPY.anglesRegion}
        sx={{
          position: 'relative',
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 1, md: 2 },
        }}
      >
        {(startingSoon || rightBack) && <ShowStateNotice startingSoon={startingSoon} />}
        {organizerMessage && <OrganizerMessage message={organizerMessage} />}
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            width: '100%',
            gridTemplateColumns: shape.columns,
            maxWidth: { md: `calc((100dvh - 150px) * ${shape.ratio.toFixed(3)})` },
          }}
        >
          {sources.map((source) => {
            const placement = placements.get(source.angle)!;
            const feed = feeds.feedOf(source.angle);
            const offline = feeds.ingest && !startingSoon && feed !== 'live' && !(placement.main && rightBack);
            return (
              <PlayerTile
                key={source.angle}
                source={source}
                placement={placement}
                audible={placement.main && !muted}
                volume={volume}
                paused={paused}
                live={live}
                registry={registry}
                onExpired={onExpired}
                onPromote={promote}
                onLevel={onLevel}
                onSoundBlocked={onSoundBlocked}
                hold={feeds.pending || feed === 'waiting'}
                feed={feed}
                liveEdge={liveEdge}
                followEdge={followEdge}
                notice={offline ? LIVE_COPY.cameraOffline : null}
              />
            );
          })}
        </Box>
      </Box>
      <ControlsBar
        paused={paused}
        muted={muted}
        volume={volume}
        layout={chosen.layout}
        layouts={layouts}
        live={live}
        dvr={liveEdge ? { position, onSeek: seek } : null}
        replay={replay}
        quality={heights[main] ?? null}
        fullscreen={fullscreen}
        onTogglePlay={() => dispatch(playerPlayToggled())}
        onToggleMute={() => dispatch(playerMuteToggled())}
        onVolume={(v) => dispatch(playerVolumeChanged(v))}
        onLayout={(l) => dispatch(playerLayoutChosen(l))}
        onGoLive={goLive}
        onHelp={() => setHelpOpen(true)}
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} container={root} />
    </Box>
  );
}
