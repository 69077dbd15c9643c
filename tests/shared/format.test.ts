import {
  formatCountdown,
  formatDayAndWeekday,
  formatEventDateTime,
  formatEventDay,
  formatLongUsDate,
  formatVisitorDateTime,
  formatWeekday,
  INVALID_DATE,
  isoInNewYork,
} from '../../src/shared/format';
import { formatPrice } from '../../src/shared/money';

describe('event dates: New York time with its true abbreviation, weekday in New York', () => {
  it('gives the time a New Yorker reads, EST in winter and EDT in summer', () => {
    // 01:00 UTC on Nov 25 is 8 PM on Nov 24 in New York, in winter time.
    expect(formatEventDateTime('2026-11-25T01:00:00.000Z')).toBe('Nov 24, 2026, 8:00 PM EST');
    expect(formatEventDateTime('2026-07-16T00:00:00.000Z')).toBe('Jul 15, 2026, 8:00 PM EDT');
    expect(formatEventDay('2026-11-25T01:00:00.000Z')).toBe('Nov 24, 2026');
    expect(formatLongUsDate('2026-11-25T01:00:00.000Z')).toBe('November 24, 2026');
  });

  it('names the moment the countdown counts to: the stated time parsed back in New York is the same instant', () => {
    for (const iso of ['2026-11-25T01:00:00.000Z', '2026-07-16T00:30:00.000Z', '2026-03-08T07:30:00.000Z']) {
      const stated = formatEventDateTime(iso); // e.g. 'Nov 24, 2026, 8:00 PM EST'
      const m = /^(\w{3}) (\d+), (\d{4}), (\d+):(\d{2}) (AM|PM) (EST|EDT)$/.exec(stated)!;
      const month = 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(m[1]!) / 3;
      const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0);
      const offsetHours = m[7] === 'EST' ? 5 : 4;
      const utc = Date.UTC(Number(m[3]), month, Number(m[2]), hour + offsetHours, Number(m[5]));
      expect(new Date(utc).toISOString()).toBe(iso);
    }
  });

  it.each([
    // Evening in New York is already the next day in UTC: day and weekday follow New York.
    ['2026-03-08T03:30:00Z', 'Mar 7, 2026', 'Saturday', 'Mar 7, 2026, 10:30 PM EST'],
    // Just after the spring-forward change (2 a.m. EST → 3 a.m. EDT).
    ['2026-03-08T07:30:00Z', 'Mar 8, 2026', 'Sunday', 'Mar 8, 2026, 3:30 AM EDT'],
    // The night the clocks go back: 23:59 EDT on Saturday, 01:30 EDT and 01:30 EST on Sunday.
    ['2026-11-01T03:59:00Z', 'Oct 31, 2026', 'Saturday', 'Oct 31, 2026, 11:59 PM EDT'],
    ['2026-11-01T05:30:00Z', 'Nov 1, 2026', 'Sunday', 'Nov 1, 2026, 1:30 AM EDT'],
    ['2026-11-01T06:30:00Z', 'Nov 1, 2026', 'Sunday', 'Nov 1, 2026, 1:30 AM EST'],
    // Winter (EST) and summer (EDT) afternoons.
    ['2026-01-15T20:00:00Z', 'Jan 15, 2026', 'Thursday', 'Jan 15, 2026, 3:00 PM EST'],
    ['2026-07-15T20:00:00Z', 'Jul 15, 2026', 'Wednesday', 'Jul 15, 2026, 4:00 PM EDT'],
  ])('%s → %s | %s, %s', (iso, day, weekday, dateTime) => {
    expect(formatEventDay(iso)).toBe(day);
    expect(formatWeekday(iso)).toBe(weekday);
    expect(formatDayAndWeekday(iso)).toBe(`${day} | ${weekday}`);
    expect(formatEventDateTime(iso)).toBe(dateTime);
  });

  it('gives the visitor their own time only when it reads differently from New York', () => {
    const iso = '2026-11-25T01:00:00.000Z';
    expect(formatVisitorDateTime(iso, 'Europe/Berlin')).toBe('Nov 25, 2026, 2:00 AM GMT+1');
    expect(formatVisitorDateTime(iso, 'America/Los_Angeles')).toBe('Nov 24, 2026, 5:00 PM PST');
    expect(formatVisitorDateTime(iso, 'America/New_York')).toBeNull();
    // Another zone that keeps New York's clock (Toronto) reads the same: nothing to add.
    expect(formatVisitorDateTime(iso, 'America/Toronto')).toBeNull();
    expect(formatVisitorDateTime('soon', 'Europe/Berlin')).toBeNull();
  });

  it("gives schema.org's startDate with New York's offset on that date", () => {
    expect(isoInNewYork('2026-11-25T01:00:00.000Z')).toBe('2026-11-24T20:00:00-05:00');
    expect(isoInNewYork('2026-07-16T00:00:00.000Z')).toBe('2026-07-15T20:00:00-04:00');
    expect(isoInNewYork(null)).toBeNull();
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
