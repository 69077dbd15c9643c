import { z } from './zod';

/**
 * Query parameters holding JSON, as the spec's client sends its filters
 * (`filter={"path":"on-demand"}`). The text is parsed and checked against `shape` when the request
 * is validated, so a handler gets the filter itself and a bad one is a 400 naming its field in words.
 * The API document publishes such a parameter with OpenAPI's `content: {"application/json":
 * {schema}}` made from the same `shape` (the server's openApi plugin asks `jsonEncoded`), so what
 * is published is what is checked.
 */
type Encoded = { shape: z.ZodType; maxLength: number };
const encoded = new WeakMap<object, Encoded>();

/** The JSON shape and the text's length limit of a parameter made by jsonQuery, else undefined. */
export const jsonEncoded = (param: unknown): Encoded | undefined =>
  typeof param === 'object' && param !== null ? encoded.get(param) : undefined;

export function jsonQuery<S extends z.ZodType>(
  shape: S,
  { maxLength, example }: { maxLength: number; example: string },
) {
  const param = z
    .string()
    .max(maxLength)
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be valid JSON such as ${example}` });
        return z.NEVER;
      }
    })
    .pipe(shape);
  encoded.set(param, { shape, maxLength });
  return param;
}
