import { z } from './zod';
import { envelope } from './envelope';

/** `filter` query of GET /misc/data: a JSON string naming the settings keys wanted. */
export const miscDataFilter = z.strictObject({ key: z.array(z.string().min(1).max(64)).min(1).max(20) });
export const miscDataQuery = z.strictObject({ filter: z.string() });

const miscDataItem = z.object({ variableKey: z.string(), variableValue: z.string() });
export const miscDataResponse = envelope(z.array(miscDataItem));
export type MiscDataItem = z.infer<typeof miscDataItem>;
export type MiscDataResponse = z.infer<typeof miscDataResponse>;
