import { z } from './zod';

/**
 * Rules between the fields of one body or query, checked with the fields and published with them:
 * each helper adds the check (a sentence when it fails) and the JSON Schema keywords that say the
 * same in the API document, so the document and the server cannot disagree.
 */
type Fields = Record<string, unknown>;

/** At most one of two optional fields (JSON Schema: `not: {required: [a, b]}`). */
export function atMostOneOf<T extends z.ZodType<Fields>>(schema: T, [a, b]: [string, string], message: string): T {
  return schema
    .superRefine((value, ctx) => {
      if (value[a] !== undefined && value[b] !== undefined) ctx.addIssue({ code: 'custom', message });
    })
    .meta({ not: { required: [a, b] } });
}

/**
 * `field` is required when `when` has the value `is` (JSON Schema: `if`/`then`). `problem` ends the
 * sentence that begins with the field's name ("is required for a card payment").
 */
export function requiredWhen<T extends z.ZodType<Fields>>(
  schema: T,
  field: string,
  { when, is }: { when: string; is: string },
  problem: string,
): T {
  return schema
    .superRefine((value, ctx) => {
      if (value[when] === is && value[field] === undefined)
        ctx.addIssue({ code: 'custom', message: problem, path: [field] });
    })
    .meta({ if: { properties: { [when]: { const: is } }, required: [when] }, then: { required: [field] } });
}
