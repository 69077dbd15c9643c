import type { z } from 'zod';
import { Invalid } from './errors';
import { fieldProblem } from './fieldProblem';

/**
 * The spec's client sends filters as JSON in one query parameter (`filter={"path":"x"}`). This reads
 * it against a schema and answers 400 naming the field in words when it is not valid.
 */
export function parseJsonFilter<S extends z.ZodType>(
  schema: S,
  raw: string | undefined,
  example: string,
  name = 'filter',
): z.infer<S> {
  let value: unknown = {};
  if (raw !== undefined) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Invalid(fieldProblem('querystring', [name], `must be valid JSON such as ${example}`));
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Invalid(
      fieldProblem(
        'querystring',
        [name, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
        issue.message,
      ),
    );
  }
  return parsed.data;
}
