import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast';
import { useState, type FormEvent } from 'react';
import { useGetPublicConfigQuery } from '../../settings/settingsApi';
import { useJoinNewsletterMutation } from '../catalogApi';
import { messageFor } from '../../../api/serverError';
import { TextInput } from '../../../components/TextInput';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';
import { isEmailAddress } from '../../../../shared/contract/emailAddress';

/** 'Get on the list': a third-party embed when configured, else our own sign-up form. */
export function NewsletterSection() {
  const { data: config } = useGetPublicConfigQuery();
  return (
    <Box
      component="section"
      aria-labelledby="newsletter-title"
      sx={{ py: { xs: 6, md: 10 }, background: 'linear-gradient(180deg, transparent, rgba(255,61,127,0.12))' }}
    >
      <Container maxWidth="sm" sx={{ textAlign: 'center' }}>
        <Typography id="newsletter-title" component="h2" variant="h4" sx={{ fontWeight: 800 }}>
          Get on the list
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Be the first to hear about upcoming broadcasts.
        </Typography>
        {config?.newsletterEmbedUrl ? (
          <Box
            component="iframe"
            title="Newsletter sign-up"
            src={config.newsletterEmbedUrl}
            sx={{ width: '100%', height: 320, border: 0 }}
          />
        ) : (
          <NewsletterForm />
        )}
      </Container>
    </Box>
  );
}

function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [join, { isLoading }] = useJoinNewsletterMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmailAddress(email.trim())) {
      setError(SHOP_MESSAGES.invalidEmail);
      return;
    }
    setError(null);
    try {
      toast.success(await join(email.trim()).unwrap());
      setEmail('');
    } catch (err) {
      toast.error(messageFor(err));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <TextInput
        fullWidth
        type="email"
        label="Email address"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
      />
      <Button type="submit" variant="default" size="lg" disabled={isLoading} sx={{ height: 56, px: 4, flexShrink: 0 }}>
        {isLoading ? 'Signing up…' : 'Sign up'}
      </Button>
    </Box>
  );
}
