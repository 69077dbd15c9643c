import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { HlsVideo } from '../../components/HlsVideo';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';

const EXPLAINER_MANIFEST = '/media/explainer/index.m3u8';

const head: HeadData = {
  title: pageTitle('How it works'),
  heading: 'How AllAccess works',
  description:
    'A short film of the AllAccess player: up to nine camera angles of one show, and you choose which to watch.',
};

/** /demo: the explainer video, played from its HLS manifest. */
export default function DemoPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <PageHead {...head} />
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, mb: 1 }}>
        How AllAccess works
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pick a concert, get your pass, and watch from every angle.
      </Typography>
      <Box sx={{ aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <HlsVideo src={EXPLAINER_MANIFEST} controls label="How AllAccess works" sx={{ objectFit: 'contain' }} />
      </Box>
    </Container>
  );
}
