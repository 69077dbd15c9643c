import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { STUDIO_LIVE_MESSAGES, type StudioLive } from '../../../shared/contract/studioLive';
import { messageFor } from '../../api/serverError';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useLiveShowActionMutation } from './studioLiveApi';
import { LIVE_LABELS, showControlsUnavailable } from './liveLabels';

const WHY_ID = 'show-controls-why';

/** The question before 'End show' (it cannot be undone). */
const END_SHOW_QUESTION = 'Ending makes the replay; encoders are dropped. Viewers see the replay from now on.';

/**
 * 'Start show' (the air start becomes now) and 'End show' (behind its question). Both need stream
 * keys and neither works once the show has ended: said beside them while so (the server refuses the
 * same with a sentence).
 */
export function ShowControls({ live }: { live: StudioLive }) {
  const [act, acting] = useLiveShowActionMutation();
  const [asking, setAsking] = useState(false);
  const running = useRef(false);
  const why = showControlsUnavailable(live);

  const run = async (action: 'start' | 'end') => {
    if (running.current) return;
    running.current = true;
    try {
      await act({ id: live.eventId, action }).unwrap();
      toast.success(action === 'start' ? STUDIO_LIVE_MESSAGES.started : STUDIO_LIVE_MESSAGES.endedNow);
    } catch (err) {
      toast.error(messageFor(err));
    } finally {
      running.current = false;
      setAsking(false);
    }
  };

  const unavailable = why !== null;
  const describedBy = unavailable ? WHY_ID : undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        disabled={unavailable || acting.isLoading}
        aria-describedby={describedBy}
        onClick={() => void run('start')}
      >
        Start show
      </Button>
      <Button
        variant="destructive"
        disabled={unavailable || acting.isLoading}
        aria-describedby={describedBy}
        onClick={() => setAsking(true)}
      >
        {LIVE_LABELS.endShow}
      </Button>
      {why && (
        <Typography id={WHY_ID} variant="body2" color="text.secondary" data-testid="show-controls-why">
          {why}
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        title="End the show?"
        message={END_SHOW_QUESTION}
        confirmLabel={LIVE_LABELS.endShow}
        destructive
        busy={acting.isLoading}
        onConfirm={() => void run('end')}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
