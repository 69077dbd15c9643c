import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StudioEventRow } from '../../../shared/contract/studioEvents';
import { messageFor } from '../../api/serverError';
import { toast } from '../../lib/toast';
import { studioPaths } from '../studioPaths';
import { useDeleteStudioEventMutation, useStudioEventActionMutation, type EventAction } from './studioEventsApi';

const DONE: Record<EventAction, (title: string) => string> = {
  publish: (t) => `“${t}” is published.`,
  unpublish: (t) => `“${t}” is unpublished: shoppers no longer see it.`,
  duplicate: (t) => `“${t}” was duplicated as a draft.`,
};

/**
 * The list's row actions. Each tells how it went in a toast, the server's sentence when it refuses
 * (a delete after sales, say); a duplicate opens the new draft in the editor.
 */
export function useEventActions() {
  const navigate = useNavigate();
  const [runAction] = useStudioEventActionMutation();
  const [deleteEvent, deleting] = useDeleteStudioEventMutation();
  const [toDelete, setToDelete] = useState<StudioEventRow | null>(null);

  // The same function from render to render: the grid's columns are built from it (EventsPage).
  const act = useCallback(
    async (row: StudioEventRow, action: EventAction) => {
      try {
        const event = await runAction({ id: row.id, action }).unwrap();
        toast.success(DONE[action](row.title));
        if (action === 'duplicate') void navigate(studioPaths.event(event.id));
      } catch (err) {
        toast.error(messageFor(err));
      }
    },
    [runAction, navigate],
  );

  const confirmDelete = async () => {
    if (!toDelete || deleting.isLoading) return;
    try {
      await deleteEvent(toDelete.id).unwrap();
      toast.success(`“${toDelete.title}” was deleted.`);
    } catch (err) {
      toast.error(messageFor(err));
    } finally {
      setToDelete(null);
    }
  };

  return {
    act,
    askDelete: setToDelete,
    deleteDialog: {
      open: toDelete !== null,
      title: 'Delete this event?',
      message: toDelete ? `“${toDelete.title}” will be removed for good. This cannot be undone.` : '',
      confirmLabel: 'Delete',
      busy: deleting.isLoading,
      destructive: true,
      onConfirm: () => void confirmDelete(),
      onClose: () => setToDelete(null),
    },
  };
}
