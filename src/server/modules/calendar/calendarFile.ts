import { createEvent, type EventAttributes } from 'ics';
import { calendarPath } from '../../../shared/calendarLink';
import { formatEventDateTime } from '../../../shared/format';
import type { CalendarEventRow } from './calendarRepository';

/** Every file's UID ends with this: one event is one calendar entry, whichever server or mail gave it. */
const UID_DOMAIN = 'allaccess.events';
const PRODUCT_ID = '-//AllAccess//Storefront//EN';

/** 'event-12@allaccess.events': stable per event, so a new date updates the entry a calendar already has. */
const calendarUid = (eventId: number) => `event-${eventId}@${UID_DOMAIN}`;
/** The event page, the one link that watches (it asks for sign-in when needed). */
export const watchUrl = (publicUrl: string, path: string) => `${publicUrl}/events/${encodeURIComponent(path)}`;
/** The calendar file's address on this server. */
export const calendarUrl = (publicUrl: string, eventId: number) => `${publicUrl}${calendarPath(eventId)}`;
/** 'night-shift-live.ics': the event's path, kept to characters every file system takes. */
export const calendarFileName = (path: string) =>
  `${path.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120) || 'event'}.ics`;

/** 'Jun 1, 2030, 8:00 PM GMT+2', the air time as the venue's clock reads it (its zone's short name). */
export function venueTime(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(at);
  } catch {
    return formatEventDateTime(at.toISOString());
  }
}

/**
 * One event as an iCalendar file (RFC 5545), written by the `ics` library: one VEVENT, its UID
 * stable per event, SEQUENCE the event's schedule sequence (moved on by every new air date), the
 * start as a UTC instant (the library writes no TZID; a UTC instant is the same moment in every
 * calendar, which shows it in the reader's own zone), the live show's length, the watch link as URL
 * and in the description with the time in New York and at the venue. METHOD:PUBLISH: the file
 * announces the show, it is no meeting to answer (REQUEST would ask for an ORGANIZER and ATTENDEEs and make
 * mail programs show Accept/Decline); a calendar that has the UID replaces its entry when SEQUENCE is higher.
 * DTSTAMP and LAST-MODIFIED are the event's last change, so the same event gives the same bytes (ETag).
 */
export function eventCalendarFile(
  e: CalendarEventRow & { air_start_date: Date },
  options: { publicUrl: string; liveMinutes: number },
): string {
  const start = new Date(e.air_start_date);
  const changed = new Date(e.updated_at).getTime();
  const watch = watchUrl(options.publicUrl, e.path);
  const place = [e.venue_description, e.event_label].filter((s) => s.trim()).join(', ');
  const description = [
    `${e.title}, live on AllAccess.`,
    `Starts ${formatEventDateTime(start.toISOString())} (${venueTime(start, e.venue_time_zone)} at the venue).`,
    `Watch: ${watch}`,
  ].join('\n');
  const attributes: EventAttributes & { timestamp: number } = {
    productId: PRODUCT_ID,
    method: 'PUBLISH',
    uid: calendarUid(e.id),
    sequence: e.schedule_sequence,
    title: e.title,
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: options.liveMinutes },
    description,
    url: watch,
    ...(place ? { location: place } : {}),
    status: 'CONFIRMED',
    lastModified: changed,
    timestamp: changed,
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar file could not be written.');
  return value;
}
