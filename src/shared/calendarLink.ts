/**
 * An event's calendar file on this server (GET /v1/events/{id}/calendar.ics), as pages and mails link it.
 * Kept apart from the contract so the pages that link it load no zod.
 */
export const calendarPath = (eventId: number) => `/v1/events/${eventId}/calendar.ics`;
