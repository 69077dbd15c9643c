import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { LIVE_COPY, type LiveStateData } from '../../../shared/contract/live';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ControlsBar } from './ControlsBar';
import { gridShape, placeTiles } from './layoutPlacement';
import { liveFeeds } from './liveFeeds';
import type { StreamConfig } from './playerApi';
import { PLAYER_COPY } from './playerCopy';
import {
  playerAngleChosen,
  playerLayoutChosen,
  playerLiveEdgeReached,
  playerMuteToggled,
  playerPlayToggled,
  playerSeeked,
  playerSoundBlocked,
  playerVolumeChanged,
  playerWentLive,
  selectPlayer,
} from './playerSlice';
import { PlayerTile } from './PlayerTile';
import { PlayerTopBar } from './PlayerTopBar';
import { ShortcutsDialog } from './ShortcutsDialog';
import { seekTiles } from './syncTiles';
import { TileRegistry } from './tileRegistry';
import { offeredLayouts, tileSources } from './tileSources';
import { usePlayerLoops } from './usePlayerLoops';
import { useFullscreen } from './useFullscreen';
import { BEHIND_LIVE_S, useLivePosition } from './useLivePosition';
import { useShortcuts } from './useShortcuts';
import { useMainTileQuality } from './usePlaybackQuality';

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

  const { position, resample } = useLivePosition(registry, main, liveEdge);

  const sources = useMemo(() => tileSources(stream.config), [stream.config]);
  const layouts = useMemo(() => offeredLayouts(stream.config), [stream.config]);
  const down = useMemo(
    () => new Set(sources.map((s) => s.angle).filter((a) => feeds.feedOf(a) !== 'live')),
    [feeds, sources],
  );
  const chosen = layouts.find((l) => l.layout === layout) ??
    layouts[0] ?? { layout: 'single' as const, label: 'Single', tiles: 1 };
  const placements = useMemo(
    () =>
      placeTiles(
        chosen.layout,
        chosen.tiles,
        sources.map((s) => s.angle),
        main,
      ),
    [chosen.layout, chosen.tiles, sources, main],
  );
  const shape = gridShape(chosen.layout, [...placements.values()].filter((p) => p.visible).length);

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
  const goLive = useCallback(() => {
    if (!live) return;
    for (const tile of registry.all()) {
      const edge = tile.hls?.liveSyncPosition;
      if (typeof edge === 'number') tile.video.currentTime = edge;
    }
    dispatch(playerWentLive());
    resample();
  }, [dispatch, live, registry, resample]);
  const seek = useCallback(
    (time: number) => {
      seekTiles(registry.all(), main, time);
      dispatch(playerSeeked({ behindLive: position !== null && position.edge - time > BEHIND_LIVE_S }));
      resample();
    },
    [dispatch, main, position, registry, resample],
  );
  // Watching behind live, the angles came back within reach of the edge (a short pause, a catch-up).
  const caughtUp = position !== null && position.edge - position.position <= BEHIND_LIVE_S;
  useEffect(() => {
    if (liveEdge && behindLive && !paused && caughtUp) dispatch(playerLiveEdgeReached());
  }, [dispatch, liveEdge, behindLive, paused, caughtUp]);

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
      <PlayerTopBar event={event} />
      {refreshFailed && (
        <Alert
          severity="error"
          sx={{ borderRadius: 0 }}
          action={
            <Button variant="ghost" color="inherit" size="sm" onClick={onRetryRefresh}>
              {PLAYER_COPY.tryAgain}
            </Button>
          }
        >
          {refreshFailed}
        </Alert>
      )}
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
        {(startingSoon || rightBack) && (
          <Box
            role="status"
            sx={{
              position: 'absolute',
              zIndex: 1,
              top: '50%',
              left: '50%',
              transform: 'translate(-50%, -50%)',
              px: 3,
              py: 2,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.85)',
              color: '#fff',
              fontSize: '1.125rem',
              fontWeight: 600,
              textAlign: 'center',
              pointerEvents: 'none',
            }}
          >
            {startingSoon ? LIVE_COPY.startingSoon : LIVE_COPY.rightBack}
          </Box>
        )}
        {organizerMessage && (
          <Box
            role="status"
            aria-label={LIVE_COPY.organizerMessage}
            sx={{
              position: 'absolute',
              zIndex: 2,
              top: 8,
              left: '50%',
              transform: 'translateX(-50%)',
              maxWidth: '90%',
              px: 2,
              py: 1,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.85)',
              color: '#fff',
              fontWeight: 600,
              textAlign: 'center',
              overflowWrap: 'anywhere',
              pointerEvents: 'none',
            }}
          >
            {organizerMessage}
          </Box>
        )}
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
