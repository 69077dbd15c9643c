/** The console's formats: money in dollars, instants in the viewer's zone or a venue's. */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatDollars = (amount: number | null): string => (amount === null ? 'Free' : dollars.format(amount));

// dateStyle and timeStyle cannot be combined with timeZoneName: the parts are named one by one.
const INSTANT = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const;

/** An instant (ISO), e.g. "Dec 31, 2026, 8:00 PM EST", in `timeZone` (the viewer's when not given or unknown). */
export function formatInstant(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return date.toLocaleString('en-US', { ...INSTANT, timeZone });
  } catch {
    return date.toLocaleString('en-US', INSTANT);
  }
}
