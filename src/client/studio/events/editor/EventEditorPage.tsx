import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS } from 'date-fns/locale/en-US';
import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StudioEvent } from '../../../../shared/contract/studioEvents';
import { messageFor } from '../../../api/serverError';
import { AreaLoading } from '../../components/AreaLoading';
import { StudioHead } from '../../components/StudioHead';
import { StudioNotFound } from '../../shell/StudioNotFound';
import { studioPaths } from '../../studioPaths';
import { useDownloadAttendees } from '../attendeesCsv';
import { useGetStudioEventQuery } from '../studioEventsApi';
import { emptyEventForm, formFromEvent, type EventFormValues } from './eventForm';
import { EventFormFields } from './EventFormFields';
import { useSaveEvent } from './useSaveEvent';
import { STUDIO_MESSAGES } from '../../../lib/studioMessages';
import { EVENT_LABELS } from '../eventLabels';

/** Create (/studio/events/new) or edit (/studio/events/:id) an event: one form. */
export default function EventEditorPage() {
  const { eventId } = useParams();
  const id = eventId === undefined ? null : Number(eventId);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const event = useGetStudioEventQuery(id !== null && valid ? id : skipToken);
  if (!valid) return <StudioNotFound />;
  let body;
  if (id === null) body = <EventEditor key="new" event={null} />;
  else if (event.data?.id === id) body = <EventEditor key={id} event={event.data} />;
  else if (event.error)
    body = (
      <Typography role="alert" sx={{ mt: 4 }}>
        {messageFor(event.error)}
      </Typography>
    );
  else body = <AreaLoading label="Loading the event" />;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
      <Button component={RouterLink} to={studioPaths.events} variant="ghost" size="sm" startIcon={<ArrowBackIcon />}>
        All events
      </Button>
      {body}
    </LocalizationProvider>
  );
}

function EventEditor({ event }: { event: StudioEvent | null }) {
  const [values, setValues] = useState<EventFormValues>(() => (event ? formFromEvent(event) : emptyEventForm()));
  const { save, saved, busy, errors, refusal } = useSaveEvent(event);
  const attendees = useDownloadAttendees();
  const published = saved?.status === 'published';
  const heading = event ? `Edit “${event.title}”` : EVENT_LABELS.newEvent;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(values);
  };
  const bar = useRef<HTMLDivElement>(null);
  const barHeight = useHeight(bar);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={heading}
      // The sticky action bar covers the form's bottom: a field that takes focus scrolls clear of it (WCAG 2.4.11).
      sx={{ mt: 1, '& *': { scrollMarginBottom: `${barHeight + 8}px` } }}
    >
      <StudioHead title={event ? event.title : EVENT_LABELS.newEvent} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        {saved && <Chip label={published ? 'Published' : 'Draft'} variant="outlined" />}
        {saved && (
          <Typography variant="body2" color="text.secondary">
            {saved.sold} sold
          </Typography>
        )}
      </Box>
      <EventFormFields
        values={values}
        change={(patch) => setValues((v) => ({ ...v, ...patch }))}
        errors={errors}
        eventId={saved?.id ?? null}
      />
      <Box
        ref={bar}
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          bgcolor: 'background.default',
          py: 2,
          mt: 2,
          display: 'grid',
          gap: 2,
        }}
      >
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        {/* aria-disabled while saving, not disabled: a disabled button drops focus to <body>.
            save() ignores a press while it runs. */}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" aria-disabled={busy || undefined}>
            Save
          </Button>
          {published ? (
            <Button variant="outline" aria-disabled={busy || undefined} onClick={() => void save(values, 'unpublish')}>
              Unpublish
            </Button>
          ) : (
            <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void save(values, 'publish')}>
              Publish
            </Button>
          )}
          {saved?.contentType === 'Live' && (
            <Button component={RouterLink} to={studioPaths.eventLive(saved.id)} variant="ghost">
              {STUDIO_MESSAGES.liveControlRoom}
            </Button>
          )}
          {saved && (
            <Button
              variant="ghost"
              disabled={attendees.busyId === saved.id}
              onClick={() => void attendees.download(saved.id)}
            >
              {EVENT_LABELS.downloadAttendees}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** The element's height in px, followed as it changes (0 where nothing is laid out, as in jsdom). */
function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const sizes = new ResizeObserver(() => setHeight(el.offsetHeight));
    sizes.observe(el);
    return () => sizes.disconnect();
  }, [ref]);
  return height;
}
