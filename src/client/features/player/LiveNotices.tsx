import Box from '@mui/material/Box';
import { LIVE_COPY } from '../../../shared/contract/live';

const overSx = {
  position: 'absolute',
  left: '50%',
  borderRadius: 1,
  bgcolor: 'rgba(0,0,0,0.85)',
  color: '#fff',
  fontWeight: 600,
  textAlign: 'center',
  pointerEvents: 'none',
} as const;

/** Over the angles while a show from an encoder is not on: it starts soon, or it will be right back. */
export function ShowStateNotice({ startingSoon }: { startingSoon: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        ...overSx,
        zIndex: 1,
        top: '50%',
        transform: 'translate(-50%, -50%)',
        px: 3,
        py: 2,
        fontSize: '1.125rem',
      }}
    >
      {startingSoon ? LIVE_COPY.startingSoon : LIVE_COPY.rightBack}
    </Box>
  );
}

/** The organizer's message for viewers ('technical difficulties'), set in the console's control room. */
export function OrganizerMessage({ message }: { message: string }) {
  return (
    <Box
      role="status"
      aria-label={LIVE_COPY.organizerMessage}
      sx={{
        ...overSx,
        zIndex: 2,
        top: 8,
        transform: 'translateX(-50%)',
        maxWidth: '90%',
        px: 2,
        py: 1,
        overflowWrap: 'anywhere',
      }}
    >
      {message}
    </Box>
  );
}
