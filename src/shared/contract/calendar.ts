import { z } from './zod';
import { dbId } from './ids';

/** GET /v1/events/{id}/calendar.ics: a published event's calendar file (docs/decisions.md "After the purchase"). */
export const calendarParams = z.strictObject({ id: dbId });
