/** The time zones offered first: common venues' zones (any IANA zone the event already has is added). */
const COMMON_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Mexico_City',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'UTC',
] as const;

/** The select's options: the common zones, and the event's own when it is not among them. */
export function zoneOptions(current: string): { value: string; label: string }[] {
  const zones: string[] = [...COMMON_ZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}
