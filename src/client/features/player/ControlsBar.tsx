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
import type { LayoutConfig, PlayerLayout } from '../../../shared/contract/streams';
import { LayoutIcon } from './LayoutIcon';
import { PLAYER_COPY } from './playerCopy';
import { srOnly } from '../../components/srOnly';

type Props = {
  paused: boolean;
  muted: boolean;
  volume: number;
  layout: PlayerLayout;
  layouts: LayoutConfig[];
  live: boolean;
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
          sx={{ width: 96 }}
        />
      </Box>
      {p.live && (
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
