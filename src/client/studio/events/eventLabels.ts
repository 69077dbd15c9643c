/** Words the console's events list and the event's editor share. */
export const EVENT_LABELS = {
  newEvent: 'New event',
  downloadAttendees: 'Download attendees CSV',
} as const;
