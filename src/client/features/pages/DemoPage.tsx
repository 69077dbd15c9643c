import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useEffect, useRef, useState } from 'react';
import { HlsVideo } from '../../components/HlsVideo';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

const EXPLAINER_MANIFEST = '/media/explainer/index.m3u8';
const EXPLAINER_POSTER = '/media/explainer/poster.svg';

const HEADING = 'How AllAccess works';

const head: HeadData = {
  title: pageTitle('How it works'),
  heading: HEADING,
  description:
    'A short film of the AllAccess player: up to nine camera angles of one show, and you choose which to watch.',
};

/**
 * /demo: the explainer video, played from its HLS manifest. Before it plays, a poster and one large
 * play button (a bare video shows a black box, and on a phone no control until tapped); once
 * pressed, the browser's own controls take over and focus moves to them, so a keyboard goes on.
 * Its width keeps the whole video, controls included, on a laptop's first screen.
 */
export default function DemoPage() {
  const [started, setStarted] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (started) frame.current?.querySelector('video')?.focus();
  }, [started]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <PageHead {...head} />
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, mb: 1 }}>
        {HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pick a concert, get your pass, and watch from every angle.
      </Typography>
      <Box
        ref={frame}
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <HlsVideo
          src={EXPLAINER_MANIFEST}
          poster={EXPLAINER_POSTER}
          controls={started}
          autoPlay={started}
          label={HEADING}
          sx={{ objectFit: 'contain' }}
        />
        {!started && (
          <Button
            variant="default"
            size="lg"
            startIcon={<PlayArrowIcon />}
            onClick={() => setStarted(true)}
            sx={{ position: 'absolute', top: '50%', left: '50%', transform: 'translate(-50%, -50%)' }}
          >
            {SHOP_MESSAGES.playVideo}
          </Button>
        )}
      </Box>
    </Container>
  );
}
