import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import { useState } from 'react';
import { PLAYER_COPY } from './playerCopy';
import type { LivePosition } from './useLivePosition';

/** An on-demand show's seek bar (a replay's too): where the main angle is, and a seek that takes every angle along. */
export type Replay = { position: LivePosition | null; onSeek: (time: number) => void };

/** Seconds as a clock: "4:05", "1:02:00". */
function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/**
 * An on-demand show (a replay too): a seek bar over the whole show, by pointer or keys (arrows: a
 * second; Page keys and Shift: ten), applied when the thumb is let go; the place and length beside it.
 */
export function ReplaySeek({ replay }: { replay: Replay }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const { position } = replay;
  const start = position?.start ?? 0;
  const end = position ? Math.max(position.edge, start + 1) : 1;
  const at = dragging ?? position?.position ?? start;
  const text = (v: number) => PLAYER_COPY.replayPosition(clockTime(v - start), clockTime(end - start));
  return (
    // Set apart from the volume slider beside it on a desktop.
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 240px', minWidth: 200, ml: { md: 2 } }}>
      <Slider
        size="small"
        aria-label={PLAYER_COPY.seekLive}
        disabled={!position}
        min={start}
        max={end}
        step={1}
        value={Math.min(Math.max(at, start), end)}
        getAriaValueText={text}
        onChange={(_e, v) => setDragging(v as number)}
        onChangeCommitted={(_e, v) => {
          setDragging(null);
          replay.onSeek(v as number);
        }}
        sx={{ flex: 1, minWidth: 96 }}
      />
      <Box
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary', fontSize: '0.875rem', whiteSpace: 'nowrap' }}
      >
        {position && text(at)}
      </Box>
    </Box>
  );
}
