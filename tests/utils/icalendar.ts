import ICAL from 'ical.js';

/** What a calendar file says of its one event, read by a standard parser (ical.js), not by our own code. */
export type ParsedCalendar = {
  method: string | null;
  uid: string;
  sequence: number;
  summary: string;
  start: Date;
  /** The start's zone as the parser reads it: 'Z' for a UTC instant, else the TZID. */
  zone: string;
  durationMinutes: number;
  url: string | null;
  description: string;
};

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length !== 1) throw new Error(`expected one VEVENT, found ${vevents.length}`);
  const event = new ICAL.Event(vevents[0]!);
  const start = event.startDate;
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    start: start.toJSDate(),
    zone: start.zone?.tzid === 'UTC' ? 'Z' : (start.zone?.tzid ?? 'floating'),
    durationMinutes: event.duration.toSeconds() / 60,
    url: (vevents[0]!.getFirstPropertyValue('url') as string | null) ?? null,
    description: event.description,
  };
}
