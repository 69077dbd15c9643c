import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast';
import { useState, type FormEvent } from 'react';
import { MAX_CODE_ATTEMPTS } from '../../../../shared/constants';
import { useVerifyOtpMutation } from '../authApi';
import { useCompleteSignIn } from '../useAfterSignIn';
import { useResendCountdown } from './useResendCountdown';
import { errorStatus } from '../../../api/serverError';
import { IDENTITY_MESSAGES } from '../../../../shared/contract/identityMessages';
import { MESSAGES, codeProblem } from './validation';
import { TextInput } from '../../../components/TextInput';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';
import { AUTH_COPY } from '../authCopy';

type Props = {
  email: string;
  isNewUser: boolean;
  askNames: boolean;
  onResend: () => Promise<boolean>;
  onChangeEmail: () => void;
};

/** docs/behaviour.md §4 "E-mail sign-in", second half: the code (and names for new or unverified accounts). */
export function CodeStep({ email, isNewUser, askNames, onResend, onChangeEmail }: Props) {
  const [code, setCode] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [attempts, setAttempts] = useState(0);
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const complete = useCompleteSignIn();
  const resend = useResendCountdown();
  const locked = attempts >= MAX_CODE_ATTEMPTS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      toast.error(IDENTITY_MESSAGES.tooManyAttempts);
      return;
    }
    const problem = codeProblem(code);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (askNames && (!firstName.trim() || !lastName.trim())) {
      toast.error('Please enter your first and last name');
      return;
    }
    try {
      const session = await verifyOtp({
        emailId: email,
        otp: code.trim(),
        NewUser: isNewUser,
        ...(askNames ? { firstName: firstName.trim(), lastName: lastName.trim() } : {}),
      }).unwrap();
      complete(session, askNames ? `${firstName.trim()} ${lastName.trim()}` : undefined);
    } catch (err) {
      const next = attempts + 1;
      setAttempts(next);
      const tooMany = next >= MAX_CODE_ATTEMPTS || errorStatus(err) === 429;
      if (tooMany) setAttempts(MAX_CODE_ATTEMPTS);
      toast.error(tooMany ? IDENTITY_MESSAGES.tooManyAttempts : MESSAGES.invalidCode);
    }
  };

  const resendCode = async () => {
    if (await onResend()) {
      resend.restart();
      setAttempts(0);
      setCode('');
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        Check your e-mail
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Enter the 6-digit code we sent to <strong>{email}</strong>.
      </Typography>
      <Stack spacing={2}>
        {askNames && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {/* The e-mail step's button is gone: focus starts on the first field to fill, not on <body>. */}
            <TextInput
              label="First name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              autoComplete="given-name"
              autoFocus
              required
              fullWidth
            />
            <TextInput
              label="Last name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              autoComplete="family-name"
              required
              fullWidth
            />
          </Stack>
        )}
        <TextInput
          label={AUTH_COPY.signInCode}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="one-time-code"
          autoFocus={!askNames}
          fullWidth
          htmlInput={{
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: 6,
            'aria-label': AUTH_COPY.signInCode,
            style: { letterSpacing: '0.5em', fontSize: '1.4rem' },
          }}
        />
        <Button type="submit" variant="default" size="lg" disabled={isLoading || locked}>
          {isLoading ? SHOP_MESSAGES.processing : AUTH_COPY.verify}
        </Button>
        {locked && (
          <Typography color="error" role="alert">
            {IDENTITY_MESSAGES.tooManyAttempts}
          </Typography>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Button variant="link" onClick={onChangeEmail}>
            Use a different e-mail
          </Button>
          {resend.left > 0 ? (
            <Typography color="text.secondary" data-testid="resend-countdown">
              Resend code in {resend.left}s
            </Typography>
          ) : (
            <Button variant="link" onClick={resendCode}>
              {AUTH_COPY.resendCode}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
