import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import type { MakeGoodData } from '../../../shared/contract/guarantee';
import { formatPrice } from '../../../shared/money';
import { messageFor } from '../../api/serverError';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { useChooseMakeGoodMutation, useGetMakeGoodQuery } from './makeGoodApi';

const TITLE = 'Our apology';

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle(TITLE), noindex: true };

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The guaranteed view's one-click link (/make-good/{token}): what went wrong, the replay's new end,
 * and the choice of a refund or a credit, once. Works signed out: the token proves the ticket.
 */
export default function MakeGoodPage() {
  const { token = '' } = useParams();
  const read = useGetMakeGoodQuery(token);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 9 } }}>
      <PageHead {...head} />
      {read.data ? (
        <MakeGood token={token} data={read.data} />
      ) : read.error ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
            {TITLE}
          </Typography>
          <Typography role="alert" sx={{ mt: 2 }}>
            {messageFor(read.error)}
          </Typography>
        </Paper>
      ) : (
        <FullPageSpinner />
      )}
    </Container>
  );
}

function MakeGood({ token, data }: { token: string; data: MakeGoodData }) {
  const [choose, choice] = useChooseMakeGoodMutation();
  const amount = formatPrice(data.amount);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        We are sorry about {data.eventTitle}
      </Typography>
      <Typography>{data.happened} That was our fault.</Typography>
      <Typography data-testid="replay-until">
        {data.replayUntil
          ? `Your replay stays open until ${dateOf(data.replayUntil)}.`
          : 'The replay of this show stays open for you.'}
      </Typography>
      {data.remedy === 'refund' && (
        <Alert severity="success" role="status">
          Your ticket is refunded: {amount} goes back to the card you paid with. A mail confirms it.
        </Alert>
      )}
      {data.remedy === 'credit' && data.creditCode && (
        <Alert severity="success" role="status">
          Your credit of {amount}: use the code{' '}
          <Box component="strong" data-testid="credit-code" sx={{ fontFamily: 'monospace' }}>
            {data.creditCode}
          </Box>{' '}
          at checkout for another show, once
          {data.creditExpiresAt ? `, until ${dateOf(data.creditExpiresAt)}` : ''}. We mailed it to you too.
        </Alert>
      )}
      {data.remedy === null && data.refundUnavailable && <Typography>{data.refundUnavailable}</Typography>}
      {data.choices.length > 0 && (
        <Box component="section" aria-labelledby="make-good-choices" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="make-good-choices" component="h2" variant="h6">
            Choose how we make it up to you
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {data.choices.includes('refund') && (
              <Button
                variant="default"
                disabled={choice.isLoading}
                onClick={() => void choose({ token, remedy: 'refund' })}
              >
                Refund my ticket ({amount})
              </Button>
            )}
            {data.choices.includes('credit') && (
              <Button
                variant={data.choices.includes('refund') ? 'outline' : 'default'}
                disabled={choice.isLoading}
                onClick={() => void choose({ token, remedy: 'credit' })}
              >
                Take a credit for another show ({amount})
              </Button>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">
            You can choose once.
          </Typography>
        </Box>
      )}
      {choice.error && (
        <Typography role="alert" color="error">
          {messageFor(choice.error)}
        </Typography>
      )}
    </Paper>
  );
}
