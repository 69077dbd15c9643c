import { z } from './zod';
import { envelope } from './responseEnvelope';
import { jsonQuery } from './jsonQuery';

/** `filter` query of GET /misc/data: JSON naming the settings keys wanted. */
const miscDataFilter = z.strictObject({ key: z.array(z.string().min(1).max(64)).min(1).max(20) });
export type MiscDataFilter = z.infer<typeof miscDataFilter>;
export const miscDataQuery = z.strictObject({
  filter: jsonQuery(miscDataFilter, { maxLength: 2000, example: '{"key":["demoUse"]}' }),
});

const miscDataItem = z.object({ variableKey: z.string(), variableValue: z.string() });
export const miscDataResponse = envelope(z.array(miscDataItem));
export type MiscDataItem = z.infer<typeof miscDataItem>;
export type MiscDataResponse = z.infer<typeof miscDataResponse>;
