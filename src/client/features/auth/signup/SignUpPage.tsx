import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GoogleIcon from '@mui/icons-material/Google';
import { toast } from '../../../lib/toast';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MOCK_SIGN_UP_CODE_LENGTH } from '../../../../shared/constants';
import { paths } from '../../../lib/paths';
import { TextInput } from '../../../components/TextInput';
import { PageHead } from '../../../components/PageHead';
import { pageTitle, type HeadData } from '../../../lib/pageHead';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';
import { AUTH_COPY } from '../authCopy';

const DONE_DELAY_MS = 1500;

const head: HeadData = { title: pageTitle('Create account'), noindex: true };

/**
 * docs/behaviour.md §2 "Sign-up": a front-end only form (no server call). Name and e-mail, then a 4-digit
 * code screen with resend and 'Change Email'; success toasts, then home after 1.5 s.
 */
export default function SignUpPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [digits, setDigits] = useState<string[]>(Array(MOCK_SIGN_UP_CODE_LENGTH).fill(''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => navigate(paths.home), DONE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return void toast.error('Please enter your name');
    if (!email.trim()) return void toast.error('Please enter your email address');
    toast.success(AUTH_COPY.codeSent);
    setStep('code');
  };

  const setDigit = (index: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    setDigits((d) => d.map((x, i) => (i === index ? digit : x)));
    if (digit && index < MOCK_SIGN_UP_CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (digits.some((d) => d === '')) return void toast.error('Please enter all 4 digits of the OTP');
    toast.success('Account created successfully');
    setDone(true);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <PageHead {...head} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        {step === 'details' ? (
          <Box component="form" noValidate onSubmit={submitDetails}>
            <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 3 }}>
              Create your account
            </Typography>
            <Stack spacing={2}>
              <TextInput label="Full name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
              <TextInput
                label={AUTH_COPY.emailAddress}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
              />
              <Button type="submit" variant="default" size="lg">
                Create Account
              </Button>
            </Stack>
            <Divider sx={{ my: 3 }}>or</Divider>
            <Button
              fullWidth
              variant="outline"
              size="lg"
              startIcon={<GoogleIcon />}
              onClick={() => toast.success('Signed up with Google')}
            >
              Sign up with Google
            </Button>
          </Box>
        ) : (
          <Box component="form" noValidate onSubmit={submitCode}>
            <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
              Enter your code
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              We sent a 4-digit code to <strong>{email}</strong>.
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', mb: 3 }}>
              {digits.map((d, i) => (
                <TextInput
                  key={i}
                  value={d}
                  onChange={(e) => setDigit(i, e.target.value)}
                  inputRef={(el: HTMLInputElement | null) => {
                    boxes.current[i] = el;
                  }}
                  htmlInput={{
                    inputMode: 'numeric',
                    maxLength: 1,
                    'aria-label': `Digit ${i + 1}`,
                    style: { textAlign: 'center', fontSize: '1.5rem', width: '2.2rem' },
                  }}
                />
              ))}
            </Stack>
            <Button type="submit" variant="default" size="lg" fullWidth disabled={done}>
              {AUTH_COPY.verify}
            </Button>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
              <Button variant="link" onClick={() => setStep('details')}>
                Change Email
              </Button>
              <Button variant="link" onClick={() => toast.success(AUTH_COPY.codeSent)}>
                {AUTH_COPY.resendCode}
              </Button>
            </Stack>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          By creating an account you accept our <Link href="#">{SHOP_MESSAGES.termsOfUse}</Link> and{' '}
          <Link href="#">{SHOP_MESSAGES.privacyPolicy}</Link>.
        </Typography>
      </Paper>
    </Container>
  );
}
