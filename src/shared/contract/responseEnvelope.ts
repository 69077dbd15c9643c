import { z } from './zod';

/** Every response of the API is wrapped in this envelope (docs/decisions.md "The API"). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.boolean(), message: z.string(), data });

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  requestId: z.string().optional(),
});

export type Envelope<T> = { success: boolean; message: string; data: T };
