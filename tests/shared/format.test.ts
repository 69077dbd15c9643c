import {
  formatCountdown,
  formatDayAndWeekday,
  formatEventDateTime,
  formatEventDay,
  formatWeekday,
  INVALID_DATE,
} from '../../src/shared/format';
import { formatPrice } from '../../src/shared/money';

describe('event dates: en-US in UTC with " EDT", weekday in New York', () => {
  it('formats date and time in UTC with the EDT label', () => {
    expect(formatEventDateTime('2026-11-24T20:00:00.000Z')).toBe('Nov 24, 2026, 8:00 PM EDT');
    expect(formatEventDay('2026-11-24T20:00:00.000Z')).toBe('Nov 24, 2026');
  });

  it.each([
    // Evening in New York is already the next day in UTC: the weekday follows New York.
    ['2026-03-08T03:30:00Z', 'Mar 8, 2026', 'Saturday'],
    // Just after the spring-forward change (2 a.m. EST → 3 a.m. EDT).
    ['2026-03-08T07:30:00Z', 'Mar 8, 2026', 'Sunday'],
    // The night the clocks go back: 23:59 EDT on Saturday, 01:30 EDT and 01:30 EST on Sunday.
    ['2026-11-01T03:59:00Z', 'Nov 1, 2026', 'Saturday'],
    ['2026-11-01T05:30:00Z', 'Nov 1, 2026', 'Sunday'],
    ['2026-11-01T06:30:00Z', 'Nov 1, 2026', 'Sunday'],
    // Winter (EST) and summer (EDT) afternoons.
    ['2026-01-15T20:00:00Z', 'Jan 15, 2026', 'Thursday'],
    ['2026-07-15T20:00:00Z', 'Jul 15, 2026', 'Wednesday'],
  ])('%s → %s | %s', (iso, day, weekday) => {
    expect(formatEventDay(iso)).toBe(day);
    expect(formatWeekday(iso)).toBe(weekday);
    expect(formatDayAndWeekday(iso)).toBe(`${day} | ${weekday}`);
  });

  it.each([null, undefined, '', 'soon', '2026-13-45T99:00:00Z'])(
    'gives Invalid Date for %j and hides the date line',
    (value) => {
      expect(formatEventDay(value)).toBe(INVALID_DATE);
      expect(formatWeekday(value)).toBe(INVALID_DATE);
      expect(formatEventDateTime(value)).toBe(INVALID_DATE);
      expect(formatDayAndWeekday(value)).toBeNull();
    },
  );
});

describe('countdown: DD D HH H :MM M :SS S, days left out when zero', () => {
  const s = 1000;
  it.each([
    [2 * 86_400 * s + 5 * 3600 * s + 7 * 60 * s + 9 * s, '02 D 05 H :07 M :09 S'],
    [86_400 * s, '01 D 00 H :00 M :00 S'],
    [86_399 * s, '23 H :59 M :59 S'],
    [61 * s, '00 H :01 M :01 S'],
    [1 * s, '00 H :00 M :01 S'],
    [400, '00 H :00 M :01 S'],
    [123 * 86_400 * s, '123 D 00 H :00 M :00 S'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it.each([0, -1, NaN])('is over at %d ms', (ms) => {
    expect(formatCountdown(ms)).toBeNull();
  });
});

describe('prices', () => {
  it.each([
    [14.99, '$14.99'],
    [12, '$12.00'],
    [0.5, '$0.50'],
    [1234.5, '$1234.50'],
  ])('%d → %s', (dollars, text) => {
    expect(formatPrice(dollars)).toBe(text);
  });
});
