import { useCallback, useRef, useState } from 'react';
import type { StudioLiveKeys, StudioLiveKeysBody } from '../../../shared/contract/studioLive';
import { resolveUrl } from '../../api/apiHost';
import { UNEXPECTED_ERROR } from '../../api/serverError';
import { selectRequestToken } from '../../features/auth/authSelectors';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { toast } from '../../lib/toast';
import { refreshLive } from './studioLiveApi';

export type IssuedFeed = StudioLiveKeys['feeds'][number];

/**
 * POST /v1/studio/events/:id/live/keys with the organizer's token, outside RTK Query on purpose: a
 * mutation's answer is kept in the store (and seen by its dev tools), and stream keys must live only
 * in this component's state until the dialog that shows them closes. Nothing here logs them.
 */
export function useIssueKeys(eventId: number) {
  const token = useAppSelector(selectRequestToken);
  const dispatch = useAppDispatch();
  const [feeds, setFeeds] = useState<IssuedFeed[] | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const issue = useCallback(
    async (angles: number[]) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        const res = await fetch(resolveUrl(`/studio/events/${eventId}/live/keys`), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ angles } satisfies StudioLiveKeysBody),
        });
        const body = (await res.json().catch(() => null)) as { message?: string; data?: StudioLiveKeys } | null;
        if (!res.ok || !body?.data) toast.error(body?.message || UNEXPECTED_ERROR);
        else setFeeds(body.data.feeds);
      } catch {
        toast.error(UNEXPECTED_ERROR);
      } finally {
        running.current = false;
        setBusy(false);
        dispatch(refreshLive(eventId));
      }
    },
    [eventId, token, dispatch],
  );
  /** Forgets the keys: once the dialog closes they are gone from the page. */
  const forget = useCallback(() => setFeeds(null), []);
  return { issue, feeds, busy, forget };
}
