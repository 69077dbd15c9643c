import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { STUDIO_LIVE_MESSAGES, type StudioLive } from '../../../shared/contract/studioLive';
import { messageFor } from '../../api/serverError';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useLiveShowActionMutation } from './studioLiveApi';
import { LIVE_LABELS } from './liveLabels';

/** The question before 'End show' (it cannot be undone). */
const END_SHOW_QUESTION = 'Ending makes the replay; encoders are dropped. Viewers see the replay from now on.';

/**
 * 'Start show' (the air start becomes now) and 'End show' (behind its question). Both need stream
 * keys and neither works once the show has ended; the server refuses the same with a sentence.
 */
export function ShowControls({ live }: { live: StudioLive }) {
  const [act, acting] = useLiveShowActionMutation();
  const [asking, setAsking] = useState(false);
  const running = useRef(false);
  const ended = live.show === 'ended';
  const keyed = live.angles.some((a) => a.hasKey);

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

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button disabled={ended || !keyed || acting.isLoading} onClick={() => void run('start')}>
        Start show
      </Button>
      <Button variant="destructive" disabled={ended || !keyed || acting.isLoading} onClick={() => setAsking(true)}>
        {LIVE_LABELS.endShow}
      </Button>
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
