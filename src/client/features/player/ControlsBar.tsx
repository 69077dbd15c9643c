import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useState } from 'react';
import { LIVE_COPY } from '../../../shared/contract/live';
import type { LayoutConfig, PlayerLayout } from '../../../shared/contract/streams';
import { LayoutIcon } from './LayoutIcon';
import { PLAYER_COPY } from './playerCopy';
import { ReplaySeek, type Replay } from './ReplaySeek';
import { srOnly } from '../../components/srOnly';
import { BEHIND_LIVE_S, type LivePosition } from './useLivePosition';

/** A show from an encoder: its seek bar (the whole show, up to the live edge). */
type Dvr = { position: LivePosition | null; onSeek: (time: number) => void };

type Props = {
  paused: boolean;
  muted: boolean;
  volume: number;
  layout: PlayerLayout;
  layouts: LayoutConfig[];
  live: boolean;
  /** Live with a seek bar (a show from an encoder); null: the live badge and 'Go to live' as ever. */
  dvr: Dvr | null;
  /** On demand (a show's replay too): its seek bar; null when live. */
  replay: Replay | null;
  /** The main angle's picture height (360 for 360p), null until known. */
  quality: number | null;
  fullscreen: { active: boolean; supported: boolean; toggle: () => void };
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onLayout: (layout: PlayerLayout) => void;
  onGoLive: () => void;
  onHelp: () => void;
};

/** The controls under the angles; they wrap onto several rows on a phone. */
export function ControlsBar(p: Props) {
  const silent = p.muted || p.volume === 0;
  return (
    <Box
      role="group"
      aria-label={PLAYER_COPY.controls}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        px: { xs: 1, md: 2 },
        py: 1,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Button variant="ghost" size="icon" onClick={p.onTogglePlay} aria-label={p.paused ? 'Play' : 'Pause'}>
        {p.paused ? <PlayArrowIcon /> : <PauseIcon />}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button variant="ghost" size="icon" onClick={p.onToggleMute} aria-label={silent ? 'Unmute' : 'Mute'}>
          {silent ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </Button>
        <Slider
          size="small"
          aria-label="Volume"
          value={silent ? 0 : Math.round(p.volume * 100)}
          min={0}
          max={100}
          getAriaValueText={(v) => `${v}%`}
          onChange={(_e, v) => p.onVolume((v as number) / 100)}
          // A phone or tablet sets its volume with its own buttons (iOS ignores a page's): Mute only.
          sx={{ width: 96, '@media (hover: none) and (pointer: coarse)': { display: 'none' } }}
        />
      </Box>
      {p.dvr && <LiveSeek dvr={p.dvr} onGoLive={p.onGoLive} />}
      {p.replay && <ReplaySeek replay={p.replay} />}
      {p.live && !p.dvr && (
        <>
          <Box
            component="span"
            sx={{
              px: 1,
              py: 0.25,
              borderRadius: 1,
              bgcolor: '#c62828',
              color: '#fff',
              fontWeight: 800,
              fontSize: '0.8125rem',
              letterSpacing: 1,
            }}
          >
            LIVE
          </Box>
          <Button size="sm" variant="outline" color="inherit" startIcon={<SkipNextIcon />} onClick={p.onGoLive}>
            Go to live
          </Button>
        </>
      )}
      <Box
        role="status"
        aria-atomic="true"
        sx={{ minWidth: 44, fontVariantNumeric: 'tabular-nums', color: 'text.secondary', fontSize: '0.875rem' }}
      >
        {p.quality !== null && (
          <>
            <Box component="span" sx={srOnly}>
              Quality{' '}
            </Box>
            {`${p.quality}p`}
          </>
        )}
      </Box>
      <Box sx={{ flex: 1 }} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={p.layout}
        aria-label="Layout"
        onChange={(_e, v: PlayerLayout | null) => v && p.onLayout(v)}
      >
        {p.layouts.map((l) => (
          <ToggleButton key={l.layout} value={l.layout} aria-label={l.label} title={l.label}>
            <LayoutIcon layout={l.layout} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button variant="ghost" size="icon" onClick={p.onHelp} aria-label={PLAYER_COPY.shortcuts} aria-haspopup="dialog">
        <KeyboardIcon />
      </Button>
      {p.fullscreen.supported && (
        <Button
          variant="ghost"
          size="icon"
          onClick={p.fullscreen.toggle}
          aria-label={p.fullscreen.active ? 'Exit full screen' : 'Enter full screen'}
        >
          {p.fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </Button>
      )}
    </Box>
  );
}

/**
 * The live seek bar's least width: 'Live', a usable slider and '109 s behind live' side by side. Less,
 * and on a phone it stayed beside Play and Mute and ran past the screen's edge; at this width it takes
 * a row of its own there.
 */
const LIVE_SEEK_MIN_PX = 300;

/** Seconds behind the live edge worth telling (more than BEHIND_LIVE_S), else null. */
function secondsBehind(position: LivePosition, at: number): number | null {
  const behind = position.edge - at;
  return behind > BEHIND_LIVE_S ? Math.floor(behind) : null;
}

/**
 * The live seek bar: from the start of the show to its live edge, by pointer or keys (arrows: a
 * second; Page keys and Shift: ten). The viewer's choice is applied when the thumb is let go; how far
 * behind live the angles play is written next to it, and 'Live' brings them back to the edge.
 */
function LiveSeek({ dvr, onGoLive }: { dvr: Dvr; onGoLive: () => void }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const { position } = dvr;
  const at = dragging ?? position?.position ?? 0;
  const behind = position ? secondsBehind(position, at) : null;
  const atEdge = behind === null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 240px', minWidth: LIVE_SEEK_MIN_PX }}>
      <Button
        size="sm"
        variant="outline"
        color="inherit"
        onClick={onGoLive}
        startIcon={
          <Box
            component="span"
            aria-hidden="true"
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: atEdge ? '#e53935' : 'text.disabled' }}
          />
        }
        sx={{ fontWeight: 800, letterSpacing: 1, flexShrink: 0 }}
      >
        {LIVE_COPY.live}
      </Button>
      <Slider
        size="small"
        aria-label={PLAYER_COPY.seekLive}
        disabled={!position}
        min={position?.start ?? 0}
        max={position ? Math.max(position.edge, position.start + 1) : 1}
        step={1}
        value={position ? Math.min(at, position.edge) : 0}
        getAriaValueText={(v) => {
          const n = position ? secondsBehind(position, v) : null;
          return n === null ? LIVE_COPY.live : LIVE_COPY.behindLive(n);
        }}
        onChange={(_e, v) => setDragging(v as number)}
        onChangeCommitted={(_e, v) => {
          setDragging(null);
          dvr.onSeek(v as number);
        }}
        sx={{ flex: 1, minWidth: 96 }}
      />
      <Box
        component="span"
        sx={{
          minWidth: 88,
          fontVariantNumeric: 'tabular-nums',
          color: 'text.secondary',
          fontSize: '0.875rem',
          whiteSpace: 'nowrap',
        }}
      >
        {behind !== null && LIVE_COPY.behindLive(behind)}
      </Box>
    </Box>
  );
}
