import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StudioEvent } from '../../../../shared/contract/studioEvents';
import { messageFor } from '../../../api/serverError';
import { toast } from '../../../lib/toast';
import { studioPaths } from '../../studioPaths';
import {
  useCreateStudioEventMutation,
  useStudioEventActionMutation,
  useUpdateStudioEventMutation,
} from '../studioEventsApi';
import { toEventFields, type EventFormErrors, type EventFormValues } from './eventForm';
import { STUDIO_MESSAGES } from '../../../lib/studioMessages';

/**
 * Save (create or update with the version loaded), then publish or unpublish when asked. A refusal
 * (400, or 409 when someone else saved first) is kept as a sentence beside the form; the values stay
 * as typed, so nothing is lost.
 */
export function useSaveEvent(event: StudioEvent | null) {
  const navigate = useNavigate();
  const [create] = useCreateStudioEventMutation();
  const [update] = useUpdateStudioEventMutation();
  const [runAction] = useStudioEventActionMutation();
  const [saved, setSaved] = useState<StudioEvent | null>(event);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: EventFormValues, then?: 'publish' | 'unpublish') => {
    if (busy) return;
    const checked = toEventFields(values, saved?.sold ?? 0);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      setRefusal(STUDIO_MESSAGES.checkFields);
      return;
    }
    setRefusal(null);
    setBusy(true);
    try {
      let result = saved
        ? await update({ id: saved.id, body: { ...checked.fields, version: saved.version } }).unwrap()
        : await create(checked.fields).unwrap();
      setSaved(result);
      if (then) {
        result = await runAction({ id: result.id, action: then }).unwrap();
        setSaved(result);
      }
      toast.success(
        then === 'publish' ? 'Saved and published.' : then === 'unpublish' ? 'Saved and unpublished.' : 'Saved.',
      );
      if (!event) void navigate(studioPaths.event(result.id), { replace: true });
    } catch (err) {
      setRefusal(messageFor(err));
    } finally {
      setBusy(false);
    }
  };

  return { save, saved, busy, errors, refusal };
}
