import { errorEnvelope } from '../../shared/contract/responseEnvelope';

/**
 * What a route's own rules refuse with, beyond what every route of its kind can be refused with (a
 * bad request, a token, a body, a limit: plugins/refusalStatuses.ts adds those from its options).
 */
type RefusalStatus = 401 | 403 | 404 | 409 | 502;

/**
 * A route's answers: its successes, and the error envelope for each refusal its own rules make, so
 * the API document lists every status the route answers (and the contract fuzzer holds it to that).
 */
export function withErrors<T extends Record<number, unknown>, R extends RefusalStatus = never>(
  responses: T,
  ...refusals: R[]
): T & { [S in R]: typeof errorEnvelope } {
  const errors = Object.fromEntries(refusals.map((status) => [status, errorEnvelope]));
  return { ...responses, ...errors } as T & { [S in R]: typeof errorEnvelope };
}
