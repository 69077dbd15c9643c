import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { redirectMarkerUsed, userSignedIn } from './authEvents';
import { selectRedirectMarker } from './authSelectors';

/** Where a signed-in visitor belongs: /cart when a cart or voucher purchase was waiting, else home. */
export function useSignedInDestination(): string {
  const marker = useAppSelector(selectRedirectMarker);
  return marker ? paths.cart : paths.home;
}

/** Stores the session and goes on: the single after-login step of every sign-in path. */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const destination = useSignedInDestination();
  return useCallback((session: { token: string; userId: number }, userName?: string) => {
    dispatch(userSignedIn({ userToken: session.token, userId: session.userId, ...(userName ? { userName } : {}) }));
    if (destination === paths.cart) dispatch(redirectMarkerUsed());
    navigate(destination, { replace: true });
  }, [dispatch, navigate, destination]);
}
