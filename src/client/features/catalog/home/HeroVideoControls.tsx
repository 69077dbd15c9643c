import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

type Props = {
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  paused: boolean;
  onPausedChange: (paused: boolean) => void;
};

// Dark enough that the white icons keep 3:1 over the brightest frame (WCAG 1.4.11).
const buttonSx = {
  color: 'common.white',
  bgcolor: 'rgba(5,4,10,0.6)',
  '&:hover': { bgcolor: 'rgba(5,4,10,0.8)' },
} as const;

/**
 * The hero video's toggles: sound (docs/behaviour.md §2 "Home"), and pause, because a video that moves on its
 * own for more than five seconds must be stoppable (WCAG 2.2.2).
 */
export function HeroVideoControls({ muted, onMutedChange, paused, onPausedChange }: Props) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ position: 'absolute', zIndex: 2, right: { xs: 12, md: 24 }, top: { xs: 12, md: 24 } }}
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={paused ? SHOP_MESSAGES.playVideo : 'Pause video'}
        onClick={() => onPausedChange(!paused)}
        sx={buttonSx}
      >
        {paused ? <PlayArrowIcon /> : <PauseIcon />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={!muted}
        onClick={() => onMutedChange(!muted)}
        sx={buttonSx}
      >
        {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </Button>
    </Stack>
  );
}
