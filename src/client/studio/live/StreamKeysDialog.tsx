import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { STUDIO_LIVE_MESSAGES } from '../../../shared/contract/studioLive';
import { TextInput } from '../../components/TextInput';
import { toast } from '../../lib/toast';
import type { IssuedFeed } from './useIssueKeys';
import { angleName } from './liveLabels';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error('Copying failed: select the text and copy it.');
  }
}

/** A read-only value with its copy button (both named after what they hold). */
function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextInput label={label} value={value} fullWidth htmlInput={{ readOnly: true, spellCheck: false }} />
      <IconButton aria-label={`Copy ${label}`} onClick={() => void copy(value, label)}>
        <ContentCopyIcon />
      </IconButton>
    </Box>
  );
}

/**
 * The keys just issued, shown once: each angle's RTMP URL (with its key) and SRT URL, a copy button
 * each. Closing forgets them; the page never shows them again.
 */
export function StreamKeysDialog({ feeds, onClose }: { feeds: IssuedFeed[] | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={feeds !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Stream keys</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 3 }}>
        <Alert severity="warning">
          {STUDIO_LIVE_MESSAGES.keysIssued} They will not be shown again: rotate the keys if one is lost.
        </Alert>
        {(feeds ?? []).map((f) => {
          const name = angleName(f.angle, f.name);
          return (
            <Box
              key={f.angle}
              component="section"
              aria-label={`Angle ${f.angle}: ${f.name}`}
              sx={{ display: 'grid', gap: 1.5 }}
            >
              <Typography variant="subtitle1" component="h3">
                Angle {f.angle}: {f.name}
                {f.rotated ? ' (new key: its encoder was dropped)' : ''}
              </Typography>
              <CopyField label={`Stream key of ${name}`} value={f.key} />
              <CopyField label={`RTMP URL of ${name}`} value={f.rtmpUrl} />
              <CopyField label={`SRT URL of ${name}`} value={f.srtUrl} />
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>I have copied them</Button>
      </DialogActions>
    </Dialog>
  );
}
