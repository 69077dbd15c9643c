import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { STUDIO_MESSAGES } from '../../../shared/contract/studio';
import { errorStatus, messageFor } from '../../api/serverError';
import { paths } from '../../lib/paths';
import { AreaLoading } from '../components/AreaLoading';
import { StudioHead } from '../components/StudioHead';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

const GATE_COPY = {
  signedOut: 'Sign in with your organizer account to use the studio.',
  unreachable: "We can't reach the studio right now. Check your connection and try again.",
} as const;

function GateMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: 8, textAlign: 'center' }}>
      <StudioHead title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        Studio
      </Typography>
      {children}
    </Box>
  );
}

/** Signed out: a sentence and the way to sign in (the sign-in page sends a user home afterwards). */
export function SignedOutGate() {
  return (
    <GateMessage title={SHOP_MESSAGES.signIn}>
      <Typography sx={{ mb: 3 }}>{GATE_COPY.signedOut}</Typography>
      <Link component={RouterLink} to={paths.signIn} variant="body1">
        {SHOP_MESSAGES.signIn}
      </Link>
    </GateMessage>
  );
}

/** The organizer check failed: 403 says the server's sentence; anything else offers to try again. */
export function RefusedGate({ error, retry }: { error: unknown; retry: () => void }) {
  if (errorStatus(error) === 403)
    return (
      <GateMessage title="For organizers">
        <Typography role="alert">{messageFor(error, STUDIO_MESSAGES.notOrganizer)}</Typography>
      </GateMessage>
    );
  return (
    <GateMessage title="Unreachable">
      <Typography role="alert" sx={{ mb: 3 }}>
        {messageFor(error, GATE_COPY.unreachable)}
      </Typography>
      <Button onClick={retry}>{SHOP_MESSAGES.tryAgain}</Button>
    </GateMessage>
  );
}

export function GateChecking() {
  return <AreaLoading label={SHOP_MESSAGES.checkingAccess} />;
}
