import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import { memo, useRef } from 'react';
import type { LiveFeedState } from '../../../shared/contract/live';
import { focusRing } from '../../components/focusRing';
import type { Placement } from './layoutPlacement';
import type { TileRegistry } from './tileRegistry';
import type { TileSource } from './tileSources';
import { srOnly } from '../../components/srOnly';
import { useHlsTile } from './useHlsTile';

type Props = {
  source: TileSource;
  placement: Placement;
  audible: boolean;
  volume: number;
  paused: boolean;
  live: boolean;
  registry: TileRegistry;
  onExpired: (url: string) => boolean;
  onPromote: (angle: number) => void;
  onLevel: (angle: number, height: number | null) => void;
  onSoundBlocked: () => void;
  /** Not loaded yet (its live feed has not arrived). */
  hold: boolean;
  feed: LiveFeedState;
  liveEdge: boolean;
  followEdge: boolean;
  /** What the tile says of its feed ('Camera offline'), over anything else it would say. */
  notice: string | null;
};

/**
 * One angle: its video, named, and a button over it that makes it the main angle. Placement is CSS
 * only (order, display, span), so a layout or main-angle change never remounts the video.
 */
export const PlayerTile = memo(function PlayerTile({
  source,
  placement,
  audible,
  volume,
  paused,
  live,
  registry,
  hold,
  feed,
  liveEdge,
  followEdge,
  notice,
  ...events
}: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { angle, name, url } = source;
  const status = useHlsTile(videoRef, {
    angle,
    name,
    url,
    live,
    registry,
    audible,
    volume,
    paused,
    main: placement.main,
    visible: placement.visible,
    hold,
    feed,
    liveEdge,
    followEdge,
    ...events,
  });
  const message = notice ?? status.message;
  return (
    <Box
      data-angle={angle}
      data-state={status.state}
      data-feed={feed}
      data-main={placement.main ? 'true' : undefined}
      sx={{
        position: 'relative',
        order: placement.order,
        display: placement.visible ? 'block' : 'none',
        gridColumn: placement.spanAll ? '1 / -1' : undefined,
        aspectRatio: '16 / 9',
        minWidth: 0,
        // The notice's type follows the tile's width (cqi): it fits a strip tile on a phone.
        containerType: 'inline-size',
        bgcolor: 'black',
        borderRadius: 1,
        overflow: 'hidden',
        // The main angle's frame is drawn over the video (an inset shadow would be painted under it).
        '&::after': placement.main
          ? {
              content: '""',
              position: 'absolute',
              inset: 0,
              border: 2,
              borderColor: 'primary.main',
              borderRadius: 1,
              pointerEvents: 'none',
            }
          : undefined,
      }}
    >
      <Box
        component="video"
        ref={videoRef}
        aria-label={name}
        muted
        playsInline
        preload="auto"
        // A camera gone offline shows no stale frame of its last picture, only its notice.
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          visibility: notice ? 'hidden' : 'visible',
        }}
      />
      {status.state === 'loading' && !message && (
        <CircularProgress
          size={28}
          aria-label={`Loading ${name}`}
          sx={{ position: 'absolute', top: 'calc(50% - 14px)', left: 'calc(50% - 14px)' }}
        />
      )}
      {message && <TileNotice message={message} />}
      <ButtonBase
        onClick={() => events.onPromote(angle)}
        aria-pressed={placement.main}
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'flex-start',
          p: 0.75,
          '&.Mui-focusVisible': { ...focusRing, outlineWidth: 3, outlineOffset: -3 },
        }}
      >
        <Box
          component="span"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.75,
            maxWidth: '100%',
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'rgba(0,0,0,0.75)',
            color: '#fff',
            fontSize: '0.8125rem',
            fontWeight: 600,
          }}
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(255,255,255,0.2)' }}
          >
            {angle}
          </Box>
          <Box component="span" sx={srOnly}>
            Watch{' '}
          </Box>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </Box>
      </ButtonBase>
    </Box>
  );
});

/** What the tile says (its camera offline, an error), centred above its label (the bottom 32 px), never under it. */
function TileNotice({ message }: { message: string }) {
  return (
    <Box
      role="status"
      sx={{
        position: 'absolute',
        inset: '4px 4px 32px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Box
        component="span"
        sx={{
          maxWidth: '100%',
          maxHeight: '100%',
          overflow: 'hidden',
          px: 0.75,
          py: 0.25,
          borderRadius: 1,
          bgcolor: 'rgba(0,0,0,0.8)',
          color: '#fff',
          fontSize: 'clamp(0.6875rem, 6cqi, 0.875rem)',
          lineHeight: 1.3,
          textAlign: 'center',
          overflowWrap: 'anywhere',
        }}
      >
        {message}
      </Box>
    </Box>
  );
}
