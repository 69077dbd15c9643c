import { stringify } from 'csv-stringify/sync';
import { ATTENDEE_CSV_COLUMNS } from '../../../shared/contract/studioSales';
import { centsToDollars } from '../../../shared/money';
import type { AttendeeRow } from './salesRepository';

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a
 * formula: a buyer named `=HYPERLINK(…)` would run in the organizer's spreadsheet. Such a cell gets
 * a leading apostrophe, which spreadsheets show as text (OWASP "CSV injection").
 */
export const neutralizeFormula = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/**
 * The attendee list of one event as CSV (RFC 4180 quoting by csv-stringify), its header row first.
 * A byte order mark first, so Excel reads the names as UTF-8 (without it, 'Zoë' shows as 'ZoÃ«').
 */
export function attendeesCsv(rows: AttendeeRow[]): string {
  const records = rows.map((r) => [
    r.order_ref,
    `${r.first_name} ${r.last_name}`.trim(),
    r.email,
    new Date(r.created_at).toISOString(),
    centsToDollars(r.price_cents).toFixed(2),
    r.coupon_code ?? '',
    r.status,
  ]);
  return stringify([[...ATTENDEE_CSV_COLUMNS], ...records.map((cells) => cells.map(neutralizeFormula))], {
    record_delimiter: 'windows',
    bom: true,
  });
}
