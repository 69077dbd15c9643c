import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { redirectMarkerUsed, userSignedIn } from './authEvents';
import { selectRedirectMarker } from './authSelectors';
import { readSessionClaims } from './tokenClaims';

/** Where a signed-in visitor belongs: /cart when a cart or voucher purchase was waiting, else home. */
export function useSignedInDestination(): string {
  const marker = useAppSelector(selectRedirectMarker);
  return marker ? paths.cart : paths.home;
}

/**
 * Stores the session and goes on: the single after-login step of every sign-in path. The user's id
 * and name come from the session token's claims (docs/behaviour.md §3: the token decodes to name, email,
 * userId), so a returning user is greeted by their name, not their e-mail's local part; the name
 * typed at sign-up stands in only if the token carries none.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const destination = useSignedInDestination();
  return useCallback(
    (session: { token: string; userId: number }, typedName?: string) => {
      const claims = readSessionClaims(session.token);
      const userName = claims?.name || typedName?.trim();
      dispatch(
        userSignedIn({
          userToken: session.token,
          userId: claims?.userId ?? session.userId,
          ...(userName ? { userName } : {}),
        }),
      );
      if (destination === paths.cart) dispatch(redirectMarkerUsed());
      navigate(destination, { replace: true });
    },
    [dispatch, navigate, destination],
  );
}
