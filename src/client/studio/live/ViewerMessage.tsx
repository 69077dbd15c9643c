import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState, type FormEvent } from 'react';
import { LIVE_MESSAGE_MAX, STUDIO_LIVE_MESSAGES, type StudioLive } from '../../../shared/contract/studioLive';
import { messageFor } from '../../api/serverError';
import { TextInput } from '../../components/TextInput';
import { toast } from '../../lib/toast';
import { useSetLiveMessageMutation } from './studioLiveApi';
import { LIVE_LABELS } from './liveLabels';

/** The message viewers see over the player ('technical difficulties'): Save shows it, Clear removes it. */
export function ViewerMessage({ live }: { live: StudioLive }) {
  const [save, saving] = useSetLiveMessageMutation();
  const [text, setText] = useState(live.message ?? '');
  const field = useRef<HTMLInputElement>(null);
  // The message shown changed (saved here, or by another organizer: the room is read every few
  // seconds): the field shows it. Set while rendering rather than by remounting, which took the
  // focus out of the field.
  const [shown, setShown] = useState(live.message);
  if (live.message !== shown) {
    setShown(live.message);
    setText(live.message ?? '');
  }
  const send = async (message: string) => {
    try {
      const after = await save({ id: live.eventId, body: { message } }).unwrap();
      setText(after.message ?? '');
      // 'Clear message' is disabled now that there is none: focus goes to the field, not to <body>.
      if (!after.message) field.current?.focus();
      toast.success(after.message ? STUDIO_LIVE_MESSAGES.messageSet : STUDIO_LIVE_MESSAGES.messageCleared);
    } catch (err) {
      toast.error(messageFor(err));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(text);
  };
  const ended = live.show === 'ended';
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <TextInput
        label={LIVE_LABELS.viewerMessage}
        inputRef={field}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, LIVE_MESSAGE_MAX))}
        disabled={ended}
        fullWidth
        helperText={
          live.message
            ? `Shown now: “${live.message}” (${text.length}/${LIVE_MESSAGE_MAX})`
            : `Viewers see no message now. (${text.length}/${LIVE_MESSAGE_MAX})`
        }
        htmlInput={{ maxLength: LIVE_MESSAGE_MAX }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" disabled={ended || saving.isLoading || text.trim() === ''}>
          Save message
        </Button>
        <Button variant="outline" disabled={ended || saving.isLoading || !live.message} onClick={() => void send('')}>
          Clear message
        </Button>
      </Box>
    </Box>
  );
}
