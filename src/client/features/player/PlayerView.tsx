import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import type { AssetDetail } from '../../../shared/contract/catalog';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { ControlsBar } from './ControlsBar';
import { gridShape, placeTiles } from './layoutPlacement';
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
import { offeredLayouts, tileSources } from './tileSources';
import { usePlayerLoops } from './usePlayerLoops';
import { useFullscreen } from './useFullscreen';
import { useShortcuts } from './useShortcuts';

type Props = {
  event: AssetDetail;
  stream: StreamConfig;
  /** A tile's URL was refused: true while a fresh config is coming. */
  onExpired: (url: string) => boolean;
  refreshFailed: string | null;
  onRetryRefresh: () => void;
};

/** The multi-angle player: every angle playing at once, placed by the chosen layout, one of them heard. */
export function PlayerView({ event, stream, onExpired, refreshFailed, onRetryRefresh }: Props) {
  const dispatch = useAppDispatch();
  const { layout, main, muted, volume, paused } = useAppSelector(selectPlayer);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [registry] = useState(() => new TileRegistry());
  const [heights, setHeights] = useState<Record<number, number | null>>({});
  const [helpOpen, setHelpOpen] = useState(false);
  const fullscreen = useFullscreen(root);
  const live = stream.mode === 'live';

  const sources = useMemo(() => tileSources(stream.config), [stream.config]);
  const layouts = useMemo(() => offeredLayouts(stream.config), [stream.config]);
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
    if (paused) dispatch(playerPlayToggled());
  }, [dispatch, live, paused, registry]);

  usePlayerLoops(registry, { main, layout: chosen.layout, mode: stream.mode, layouts });
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
        sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 1, md: 2 } }}
      >
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
