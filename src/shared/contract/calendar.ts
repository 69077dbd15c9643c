import { z } from './zod';
import { dbId } from './ids';

/** GET /v1/events/{id}/calendar.ics: a published event's calendar file (docs/decisions.md "After the purchase"). */
export const calendarParams = z.strictObject({ id: dbId });

/** The calendar file's address on this server, as links in pages and mails give it. */
export const calendarPath = (eventId: number) => `/v1/events/${eventId}/calendar.ics`;
