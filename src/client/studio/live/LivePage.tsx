import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StudioLive } from '../../../shared/contract/studioLive';
import { messageFor } from '../../api/serverError';
import { AreaLoading } from '../components/AreaLoading';
import { StudioHead } from '../components/StudioHead';
import { formatInstant } from '../components/studioFormat';
import { StudioNotFound } from '../shell/StudioNotFound';
import { studioPaths } from '../studioPaths';
import { LiveAngles } from './LiveAngles';
import { ingestLabel, LIVE_LABELS, qualityFacts, SHOW_LABEL } from './liveLabels';
import { ShowControls } from './ShowControls';
import { useGetStudioLiveQuery } from './studioLiveApi';
import { ViewerMessage } from './ViewerMessage';
import { FactList } from '../components/FactList';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';

/** How often the room's state is read again while the page is open. */
const LIVE_POLL_MS = 5000;

/** The live control room of one 'Live' event (/studio/events/:id/live). */
export default function LivePage() {
  const { eventId } = useParams();
  const id = Number(eventId);
  const valid = Number.isInteger(id) && id > 0;
  const live = useGetStudioLiveQuery(valid ? id : skipToken, { pollingInterval: LIVE_POLL_MS });
  if (!valid) return <StudioNotFound />;
  return (
    <>
      <Button component={RouterLink} to={studioPaths.event(id)} variant="ghost" size="sm" startIcon={<ArrowBackIcon />}>
        {STUDIO_MESSAGES.editTheEvent}
      </Button>
      {live.data?.eventId === id ? (
        <LiveRoom live={live.data} />
      ) : live.error ? (
        <>
          <StudioHead title={STUDIO_MESSAGES.liveControlRoom} />
          <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
            {STUDIO_MESSAGES.liveControlRoom}
          </Typography>
          <Typography role="alert" sx={{ mt: 2 }}>
            {messageFor(live.error)}
          </Typography>
        </>
      ) : (
        <AreaLoading label="Loading the control room" />
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function LiveRoom({ live }: { live: StudioLive }) {
  const show: [string, string][] = [
    ['Air start', live.airStartDate ? formatInstant(live.airStartDate) : STUDIO_MESSAGES.noDate],
    ['Started', live.startedAt ? formatInstant(live.startedAt) : STUDIO_MESSAGES.notYet],
    ...(live.endedAt ? [['Ended', formatInstant(live.endedAt)] as [string, string]] : []),
    ['Ingest', ingestLabel(live.ingest)],
    ['RTMP server', live.ingest.rtmpUrl],
    ['SRT host', live.ingest.ingestHost],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, mt: 1 }}>
      <StudioHead title={`Live: ${live.title}`} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          Live: {live.title}
        </Typography>
        <Chip label={SHOW_LABEL[live.show]} variant="outlined" data-testid="show-state" />
      </Box>
      <Section title="Show">
        <FactList facts={show} />
        <ShowControls live={live} />
      </Section>
      <Section title="Viewers">
        <FactList facts={[['Watching now', String(live.viewers)], ...qualityFacts(live.quality)]} />
      </Section>
      <Section title={LIVE_LABELS.viewerMessage}>
        <ViewerMessage live={live} />
      </Section>
      <Section title="Angles">
        <LiveAngles live={live} />
      </Section>
    </Box>
  );
}
