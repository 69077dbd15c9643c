import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { PLAYER_COPY, SHORTCUTS } from './playerCopy';

/** The list of the player's keys, from the 'Keyboard shortcuts' button or '?'. */
export function ShortcutsDialog({
  open,
  onClose,
  container,
}: {
  open: boolean;
  onClose: () => void;
  container: HTMLElement | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="player-shortcuts-title" container={container}>
      <DialogTitle id="player-shortcuts-title">{PLAYER_COPY.shortcuts}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {SHORTCUTS.map(([keys, action]) => (
            <Box key={keys} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {keys}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {action}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="outline" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
