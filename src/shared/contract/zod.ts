import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './emailAddress';

/**
 * The contract's zod, speaking to people. Zod's own messages ("Invalid input: expected string,
 * received undefined") are written for developers; these are the ends of sentences that begin with
 * the field's name ("First name" + "must not be empty"), which the server completes (see the
 * server's fieldProblem). A schema's own message, where one is given, still wins. Every contract
 * file imports `z` from here, so the setting is in place before any schema is used.
 *
 * In the browser zod runs without its compiler (`jitless`): each object schema probed for it with
 * `new Function` as it was made, which the pages' CSP (no 'unsafe-eval') refuses and reports as a
 * script-src violation on every page that loads zod; zod swallowed the error and parsed the same way
 * it does now. The server has no CSP and validates every request, so it keeps the faster compiled
 * parsers. The flag is read when a schema is made: code that makes schemas imports `z` from here.
 */
z.config({ customError: contractMessage, jitless: typeof window !== 'undefined' });

export { z };

/** The end of the sentence for an address that is not shaped like one. */
export const EMAIL_PROBLEM = 'must look like name@example.com';

/**
 * An e-mail address field: required, and shaped like one (emailAddress.ts: the server's own check,
 * the forms' and the document's `format: email` with its `pattern`).
 */
export const emailAddress = () =>
  z
    .email({ pattern: EMAIL_PATTERN, error: (issue) => (issue.input === undefined ? 'is required' : EMAIL_PROBLEM) })
    .max(EMAIL_MAX_LENGTH);

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  boolean: 'must be true or false',
  object: 'must be a JSON object',
  array: 'must be a list',
  date: 'must be a date',
  null: 'must be empty (null)',
};

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

function contractMessage(issue: Issue): string | undefined {
  // A field that is not there at all, whatever rule it failed (a type, a union, a format).
  if (issue.input === undefined && issue.code !== 'unrecognized_keys' && issue.path?.length) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `must be ${issue.expected}`;
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? 'must not be empty' : `must be at least ${plural(min, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must list at least ${plural(min, 'item')}`;
      return issue.inclusive === false ? `must be more than ${min}` : `must be ${min} or more`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `must be at most ${plural(max, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must list at most ${plural(max, 'item')}`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be ${max} or less`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return EMAIL_PROBLEM;
      if (issue.format === 'url') return 'must be a web address such as https://example.com';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'must be an id this server gave out';
      if (issue.format === 'datetime' || issue.format === 'date') return 'must be a date such as 2026-11-23T20:00:00Z';
      return 'is not in the expected format';
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v));
      return values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join(', ')}`;
    }
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} we do not accept: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_key':
      return 'has a field name that is not valid';
    case 'invalid_element':
      return 'has an entry that is not valid';
    default:
      return 'is not valid';
  }
}
