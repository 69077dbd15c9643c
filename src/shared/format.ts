import { formatInTimeZone } from 'date-fns-tz';
import { DISPLAY_TIME_ZONE } from './constants';

/**
 * Show times as people in New York read them, with the abbreviation that is true on that date (EDT in
 * summer, EST in winter), and the weekday in New York. The spec's words were "UTC with the label EDT
 * appended", which told a buyer a time 4–5 hours off: docs/decisions.md "Show times" says why we differ.
 * A value that is not a date gives 'Invalid Date', which screens use to hide the line (docs/behaviour.md §2 "Home").
 */
export const INVALID_DATE = 'Invalid Date';

const toDate = (value: string | number | Date | null | undefined): Date =>
  value === null || value === undefined ? new Date(NaN) : new Date(value);
const valid = (d: Date) => !Number.isNaN(d.getTime());

// One formatter each, made once: building an Intl.DateTimeFormat is costly, and a page of cards
// formats dozens of dates while it first renders (toLocaleString with options builds one per call).
const inNewYork = { timeZone: DISPLAY_TIME_ZONE } as const;
const DAY = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
const dayFormat = new Intl.DateTimeFormat('en-US', { ...inNewYork, ...DAY });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { ...inNewYork, ...DAY, ...TIME });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  ...inNewYork,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'Nov 24, 2026', the day in New York. */
export function formatEventDay(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? dayFormat.format(d) : INVALID_DATE;
}

/** 'Nov 24, 2026, 8:00 PM EST': New York time, with EDT or EST as is true on that date. */
export function formatEventDateTime(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? dateTimeFormat.format(d) : INVALID_DATE;
}

/**
 * The same moment in the visitor's own zone ('Nov 25, 2026, 2:00 AM GMT+1'), or null when it reads the
 * same as New York time (a visitor in New York) or is not a date. `timeZone`: the browser's by default.
 */
export function formatVisitorDateTime(value: string | null | undefined, timeZone?: string): string | null {
  const d = toDate(value);
  if (!valid(d)) return null;
  const own = new Intl.DateTimeFormat('en-US', { ...(timeZone ? { timeZone } : {}), ...DAY, ...TIME }).format(d);
  return own === dateTimeFormat.format(d) ? null : own;
}

/** '2026-11-24T20:00:00-05:00': the moment with New York's offset on that date (schema.org startDate). */
export function isoInNewYork(value: string | null | undefined): string | null {
  const d = toDate(value);
  return valid(d) ? formatInTimeZone(d, DISPLAY_TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ssXXX") : null;
}

// The same few dates recur on a page (an event in several rows): each weekday is worked out once.
const weekdays = new Map<number, string>();
const WEEKDAYS_KEPT = 500;

/** 'Tuesday', the day of the week in New York. */
export function formatWeekday(value: string | null | undefined): string {
  const d = toDate(value);
  if (!valid(d)) return INVALID_DATE;
  let weekday = weekdays.get(d.getTime());
  if (weekday === undefined) {
    weekday = formatInTimeZone(d, DISPLAY_TIME_ZONE, 'EEEE');
    if (weekdays.size >= WEEKDAYS_KEPT) weekdays.clear();
    weekdays.set(d.getTime(), weekday);
  }
  return weekday;
}

/** 'Nov 24, 2026 | Tuesday', or null when either part is not a valid date. */
export function formatDayAndWeekday(value: string | null | undefined): string | null {
  const day = formatEventDay(value);
  const weekday = formatWeekday(value);
  return day === INVALID_DATE || weekday === INVALID_DATE ? null : `${day} | ${weekday}`;
}

/** 'Purchased on' dates: 'November 24, 2026', the day in New York (as every date the shop shows). */
export function formatLongUsDate(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? longDayFormat.format(d) : INVALID_DATE;
}

const two = (n: number) => String(n).padStart(2, '0');

/** docs/behaviour.md §4 countdown: 'DD D HH H :MM M :SS S', no days part at zero days. Null once the time has come. */
export function formatCountdown(msLeft: number): string | null {
  if (!(msLeft > 0)) return null;
  const total = Math.ceil(msLeft / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${two(hours)} H :${two(minutes)} M :${two(seconds)} S`;
  return days > 0 ? `${two(days)} D ${clock}` : clock;
}

/** True when the event's start lies in the past. */
export const hasStarted = (value: string | null | undefined, now = Date.now()) => {
  const d = toDate(value);
  return valid(d) && d.getTime() <= now;
};
