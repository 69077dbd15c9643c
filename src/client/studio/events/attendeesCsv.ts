import { useCallback, useState } from 'react';
import { resolveUrl } from '../../api/apiHost';
import { selectRequestToken } from '../../features/auth/authSelectors';
import { useAppSelector } from '../../lib/hooks';
import { toast } from '../../lib/toast';

const FAILED = 'The attendee list could not be downloaded. Please try again.';

/** The file name the server gives (Content-Disposition), else one made from the event's id. */
function fileName(disposition: string | null, eventId: number): string {
  const named = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
  return named ? decodeURIComponent(named) : `attendees-event-${eventId}.csv`;
}

/**
 * Downloads an event's attendees (GET /v1/studio/events/:id/attendees.csv, the CSV itself rather than
 * the envelope) with the organizer's bearer token, and saves it as a file through a temporary link.
 */
export function useDownloadAttendees() {
  const token = useAppSelector(selectRequestToken);
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = useCallback(
    async (eventId: number) => {
      setBusyId(eventId);
      try {
        const res = await fetch(resolveUrl(`/studio/events/${eventId}/attendees.csv`), {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          toast.error(body?.message || FAILED);
          return;
        }
        const url = URL.createObjectURL(await res.blob());
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName(res.headers.get('content-disposition'), eventId);
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      } catch {
        toast.error(FAILED);
      } finally {
        setBusyId(null);
      }
    },
    [token],
  );
  return { download, busyId };
}
