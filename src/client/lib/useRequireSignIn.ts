import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from './hooks';
import { paths } from './paths';
import type { RedirectMarker } from '../../shared/constants';
import { redirectMarkerStored } from './sessionEvents';
import type { RootState } from './storeTypes';

/** Who is signed in (auth's selectUserId, read here through the store's type: lib imports no feature). */
const selectUserId = (s: RootState) => s.auth.userId;

/**
 * docs/behaviour.md §6: pages for signed-in users send a guest to /sign-in. From a purchase step the guest also
 * leaves the 'redirect_url' marker, so that signing in brings them back to /cart. Returns the
 * user's id, or null while the guest is being sent away.
 */
export function useRequireSignIn(marker?: RedirectMarker): number | null {
  const userId = useAppSelector(selectUserId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (userId !== null) return;
    if (marker) dispatch(redirectMarkerStored(marker));
    void navigate(paths.signIn, { replace: true });
  }, [userId, marker, dispatch, navigate]);
  return userId === null ? null : Number(userId);
}
