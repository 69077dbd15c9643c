import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import type { RedirectMarker } from '../../../shared/constants';
import { redirectMarkerStored } from '../auth/authEvents';
import { selectUserId } from '../auth/authSelectors';

/**
 * Spec §6: a guest sent to sign-in from a purchase step leaves the 'redirect_url' marker, so that
 * signing in brings them back to /cart. Returns the user's id, or null while the guest is sent away.
 */
export function useRequireSignIn(marker: RedirectMarker): number | null {
  const userId = useAppSelector(selectUserId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (userId !== null) return;
    dispatch(redirectMarkerStored(marker));
    void navigate(paths.signIn, { replace: true });
  }, [userId, marker, dispatch, navigate]);
  return userId === null ? null : Number(userId);
}
