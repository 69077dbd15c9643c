import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

const pillars = [
  {
    title: 'Every angle',
    text:
      'Up to nine cameras on every show: the stage, the crowd, the drum riser, backstage. Switch whenever ' +
      'you like.',
  },
  {
    title: 'Live and on demand',
    text: 'Watch the broadcast as it happens, or the full show afterwards, on your phone, laptop or TV.',
  },
  { title: 'Fair to artists', text: 'Most of every pass goes to the artists and the venues that host them.' },
];

const head: HeadData = {
  title: pageTitle('About'),
  heading: 'About AllAccess',
  description:
    'AllAccess streams concerts live and on demand, with up to nine camera angles to choose from as the show plays.',
};

/** /about: the company page. */
export default function AboutPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 9 } }}>
      <PageHead {...head} />
      <Typography variant="overline" color="primary" sx={{ letterSpacing: 3 }}>
        About us
      </Typography>
      <Typography
        component="h1"
        variant="h2"
        sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3.4rem' }, maxWidth: 860 }}
      >
        The best seat in the house, wherever you are.
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2, fontSize: '1.15rem', maxWidth: 760 }}>
        AllAccess films concerts the way you remember them: from the front row, from the wings, from the middle of the
        crowd. We work with independent venues and touring artists to bring their shows to fans who can't be in the
        room.
      </Typography>
      <Grid container spacing={3} sx={{ mt: 5 }}>
        {pillars.map((p) => (
          <Grid key={p.title} size={{ xs: 12, md: 4 }}>
            <Box
              sx={{
                p: 3,
                height: '100%',
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            >
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {p.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {p.text}
              </Typography>
            </Box>
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mt: 6, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={Link} to={paths.events} variant="default" size="lg">
          {SHOP_MESSAGES.upcomingEvents}
        </Button>
        <Button component={Link} to={paths.demo} variant="outline" size="lg">
          See how it works
        </Button>
      </Box>
    </Container>
  );
}
