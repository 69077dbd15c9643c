import { formatInTimeZone } from 'date-fns-tz';
import { DATE_SUFFIX, DISPLAY_TIME_ZONE } from './constants';

/**
 * Dates as the spec shows them: en-US in UTC with ' EDT' appended (§9), weekday in New York.
 * A value that is not a date gives 'Invalid Date', which screens use to hide the line (spec Home).
 */
export const INVALID_DATE = 'Invalid Date';

const toDate = (value: string | number | Date | null | undefined): Date =>
  value === null || value === undefined ? new Date(NaN) : new Date(value);
const valid = (d: Date) => !Number.isNaN(d.getTime());

// One formatter each, made once: building an Intl.DateTimeFormat is costly, and a page of cards
// formats dozens of dates while it first renders (toLocaleString with options builds one per call).
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'Nov 24, 2026' */
export function formatEventDay(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? dayFormat.format(d) : INVALID_DATE;
}

/** 'Nov 24, 2026, 8:00 PM EDT' */
export function formatEventDateTime(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? dateTimeFormat.format(d) + DATE_SUFFIX : INVALID_DATE;
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

/** 'Purchased on' dates of the order history: 'November 24, 2026' in UTC. */
export function formatLongUsDate(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? longDayFormat.format(d) : INVALID_DATE;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Spec §4 countdown: 'DD D HH H :MM M :SS S', the days part left out when zero. Null once the time has come. */
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
