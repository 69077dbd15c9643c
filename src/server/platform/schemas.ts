import { errorEnvelope } from '../../shared/contract/responseEnvelope';

/**
 * What a route's own rules refuse with, beyond what every route of its kind can be refused with (a
 * bad request, a token, a body, a limit: plugins/refusalStatuses.ts adds those from its options).
 */
type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 502;

/**
 * A refusal with what it means at this route, where a rule the schemas cannot state refuses a
 * request they call valid (a code that was never mailed, an amount that is not the cart's total):
 * the API document says it under the status, after what the status means everywhere, so a tester
 * reading the document does not take such a request for a valid one.
 */
export type Refusal<S extends RefusalStatus> = { status: S; means: string };
export const refusal = <S extends RefusalStatus>(status: S, means: string): Refusal<S> => ({ status, means });

/** What a route's own refusal means there, for the document (plugins/refusalStatuses.ts reads it). */
const meanings = new WeakMap<object, string>();
export const ownMeaning = (schema: unknown): string | undefined =>
  typeof schema === 'object' && schema !== null ? meanings.get(schema) : undefined;

/**
 * A route's answers: its successes, and the error envelope for each refusal its own rules make, so
 * the API document lists every status the route answers (and the contract fuzzer holds it to that).
 * A refusal given as `refusal(status, means)` also says what it means at this route.
 */
export function withErrors<T extends Record<number, unknown>, R extends RefusalStatus = never>(
  responses: T,
  ...refusals: (R | Refusal<R>)[]
): T & { [S in R]: typeof errorEnvelope } {
  const said = new Map<number, string[]>();
  for (const r of refusals) {
    const [status, means] = typeof r === 'number' ? [r, undefined] : [r.status, r.means];
    said.set(status, [...(said.get(status) ?? []), ...(means ? [means] : [])]);
  }
  const errors = Object.fromEntries(
    [...said].map(([status, sentences]) => {
      if (sentences.length === 0) return [status, errorEnvelope];
      const described = errorEnvelope.meta({ description: sentences.join(' ') });
      meanings.set(described, sentences.join(' '));
      return [status, described];
    }),
  );
  return { ...responses, ...errors } as T & { [S in R]: typeof errorEnvelope };
}
