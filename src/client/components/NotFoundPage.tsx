import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { pageTitle } from '../lib/pageHead';
import { PageHead } from './PageHead';

const TITLE = 'Page Not Found';
const SENTENCE = "The page you are looking for doesn't exist or has been moved.";

/**
 * docs/behaviour.md §2 "404", for an unknown address and for an event, category or agreement that does not exist:
 * the server answers it with HTTP 404 (no soft 404 for crawlers), and its title names it.
 */
export default function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <PageHead title={pageTitle(TITLE)} description={SENTENCE} noindex status={404} />
      <Typography variant="overline" color="primary" sx={{ fontSize: '1rem', letterSpacing: 4 }}>
        404
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom>
        {TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {SENTENCE}
      </Typography>
      <Button component={Link} to={paths.home} variant="default" size="lg">
        Back to Home
      </Button>
    </Container>
  );
}
