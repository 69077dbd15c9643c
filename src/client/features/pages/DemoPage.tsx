import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { HlsVideo } from '../../components/HlsVideo';

const EXPLAINER_MANIFEST = '/media/explainer/index.m3u8';

/** /demo: the explainer video, played from its HLS manifest. */
export default function DemoPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <title>How it works — AllAccess</title>
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
