import EventIcon from '@mui/icons-material/Event';
import Link from '@mui/material/Link';
import { useState } from 'react';
import type { AssetDetail } from '../../../../shared/contract/catalog';
import { calendarPath } from '../../../../shared/calendarLink';
import { useHydrated } from '../../../components/afterFirstScreen';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

/**
 * 'Add to calendar' under a live show's date: downloads the event's .ics (GET /v1/events/{id}/calendar.ics),
 * which any calendar opens. Only for a show still to come, which only the browser's clock can say: it
 * appears once the page has hydrated.
 */
export function AddToCalendar({ event }: { event: Pick<AssetDetail, 'id' | 'contentType' | 'airStartDate'> }) {
  const hydrated = useHydrated();
  const [now] = useState(() => Date.now());
  const airs = event.airStartDate ? new Date(event.airStartDate).getTime() : NaN;
  if (!hydrated || event.contentType !== 'Live' || !(airs > now)) return null;
  return (
    <Link
      href={calendarPath(event.id)}
      download
      data-testid="add-to-calendar"
      sx={{ mt: 1, display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      <EventIcon fontSize="small" aria-hidden />
      {SHOP_MESSAGES.addToCalendar}
    </Link>
  );
}
