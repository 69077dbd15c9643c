import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { useCheckUserMutation, useRequestLoginCodeMutation, useRequestRegisterCodeMutation } from '../authApi';
import { selectIsLoggedIn } from '../authSelectors';
import { useSignedInDestination } from '../useAfterSignIn';
import { CodeStep } from './CodeStep';
import { GoogleSignInButton } from './GoogleSignInButton';
import { messageFor } from '../../../api/serverError';
import { settle, type ServerData } from '../../../lib/serverData';
import { settingsApi } from '../../settings/settingsApi';
import { MESSAGES, isEmail } from './validation';
import { TextInput } from '../../../components/TextInput';
import { PageHead } from '../../../components/PageHead';
import { pageTitle, type HeadData } from '../../../lib/pageHead';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';
import { AUTH_COPY } from '../authCopy';

type CodeState = { email: string; isNewUser: boolean; askNames: boolean };

/** Whether Google sign-in is offered: the page's first screen (and its largest text) depends on it. */
/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const serverData: ServerData = (dispatch) =>
  settle([dispatch(settingsApi.endpoints.getPublicConfig.initiate())]);

const head: HeadData = { title: pageTitle(SHOP_MESSAGES.signIn), noindex: true };

/** docs/behaviour.md §2 "Sign-in": Google, or an e-mail code; logged-in visitors are sent on. */
export default function SignInPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const destination = useSignedInDestination();
  const [email, setEmail] = useState('');
  const [codeState, setCodeState] = useState<CodeState | null>(null);
  const [checkUser, checking] = useCheckUserMutation();
  const [requestLogin, loginRequest] = useRequestLoginCodeMutation();
  const [requestRegister, registerRequest] = useRequestRegisterCodeMutation();
  const busy = checking.isLoading || loginRequest.isLoading || registerRequest.isLoading;

  if (loggedIn && !codeState) return <Navigate to={destination} replace />;

  /** Asks for a code; the server's message is shown either way (docs/behaviour.md §8). */
  const sendCode = async (address: string, isNewUser: boolean): Promise<{ verified: boolean } | null> => {
    try {
      const sent = await (isNewUser ? requestRegister(address) : requestLogin(address)).unwrap();
      toast.success(sent.message);
      return { verified: sent.verified };
    } catch (err) {
      toast.error(messageFor(err));
      return null;
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isEmail(address)) {
      toast.error(MESSAGES.invalidEmail);
      return;
    }
    try {
      const { exists } = await checkUser({ emailId: address }).unwrap();
      const sent = await sendCode(address, !exists);
      if (sent) setCodeState({ email: address, isNewUser: !exists, askNames: !exists || !sent.verified });
    } catch (err) {
      toast.error(messageFor(err));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <PageHead {...head} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, bgcolor: 'background.paper' }}>
        {codeState ? (
          <CodeStep
            key={codeState.email}
            {...codeState}
            onResend={async () => Boolean(await sendCode(codeState.email, codeState.isNewUser))}
            onChangeEmail={() => setCodeState(null)}
          />
        ) : (
          <Box component="form" noValidate onSubmit={submitEmail}>
            <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
              {SHOP_MESSAGES.signIn}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              Your passes and orders, on every device.
            </Typography>
            <GoogleSignInButton />
            <Divider sx={{ my: 3 }}>or</Divider>
            <TextInput
              label={AUTH_COPY.emailAddress}
              type="email"
              autoComplete="email"
              fullWidth
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" variant="default" size="lg" fullWidth sx={{ mt: 2 }} disabled={busy}>
              {busy ? SHOP_MESSAGES.processing : 'Continue with e-mail'}
            </Button>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          By continuing you accept our{' '}
          <Link component={RouterLink} to={paths.terms}>
            {SHOP_MESSAGES.termsOfUse}
          </Link>{' '}
          and{' '}
          <Link component={RouterLink} to={paths.privacy}>
            {SHOP_MESSAGES.privacyPolicy}
          </Link>
          .
        </Typography>
      </Paper>
    </Container>
  );
}
