import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GoogleIcon from '@mui/icons-material/Google';
import { GoogleOAuthProvider, useGoogleLogin } from '@react-oauth/google';
import { useState } from 'react';
import { useGetPublicConfigQuery } from '../../settings/settingsApi';
import { useCheckUserMutation, useGoogleLoginMutation, useGoogleRegisterMutation } from '../authApi';
import { useCompleteSignIn } from '../useAfterSignIn';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';
import { AUTH_COPY } from '../authCopy';

const GOOGLE_USERINFO = 'https://www.googleapis.com/oauth2/v3/userinfo';

/** Google sign-in when the server has a client id; otherwise a disabled button saying why. */
export function GoogleSignInButton() {
  const { data: config, isLoading } = useGetPublicConfigQuery();
  if (isLoading || !config?.googleClientId) {
    return (
      <>
        <Button fullWidth size="lg" variant="outline" startIcon={<GoogleIcon />} disabled>
          {AUTH_COPY.continueWithGoogle}
        </Button>
        {!isLoading && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Google sign-in is not available here yet. Use your e-mail below.
          </Typography>
        )}
      </>
    );
  }
  return (
    <GoogleOAuthProvider clientId={config.googleClientId}>
      <GoogleFlow />
    </GoogleOAuthProvider>
  );
}

/** docs/behaviour.md §4 "Google sign-in": access token → Google profile → account exists? log in : register. */
function GoogleFlow() {
  const [busy, setBusy] = useState(false);
  const [checkUser] = useCheckUserMutation();
  const [googleLogin] = useGoogleLoginMutation();
  const [googleRegister] = useGoogleRegisterMutation();
  const complete = useCompleteSignIn();

  const start = useGoogleLogin({
    flow: 'implicit',
    onSuccess: async ({ access_token: accessToken }) => {
      setBusy(true);
      try {
        const res = await fetch(GOOGLE_USERINFO, { headers: { Authorization: `Bearer ${accessToken}` } });
        if (!res.ok) throw new Error('Failed to fetch user profile');
        const profile = (await res.json()) as { email: string; given_name?: string; family_name?: string };
        const { exists } = await checkUser({ emailId: profile.email, loginSource: 1 }).unwrap();
        const session = exists
          ? await googleLogin({ emailId: profile.email, accessToken }).unwrap()
          : await googleRegister({
              emailId: profile.email,
              accessToken,
              firstName: profile.given_name ?? '',
              lastName: profile.family_name ?? '',
            }).unwrap();
        complete(session, exists ? undefined : `${session.firstName} ${session.lastName}`.trim());
      } catch (err) {
        // docs/behaviour.md §8: an SSO failure is silent; loading stops.
        console.error(err instanceof Error ? err.message : 'Google sign-in failed');
        setBusy(false);
      }
    },
    onError: () => setBusy(false),
    onNonOAuthError: () => setBusy(false),
  });

  return (
    <Button
      fullWidth
      size="lg"
      variant="outline"
      startIcon={<GoogleIcon />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        start();
      }}
    >
      {busy ? SHOP_MESSAGES.processing : AUTH_COPY.continueWithGoogle}
    </Button>
  );
}
