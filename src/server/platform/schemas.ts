import { errorEnvelope } from '../../shared/contract/envelope';

/** Adds the error envelope for every 4xx/5xx a route may send, beside its success schemas. */
export function withErrors<T extends Record<number, unknown>>(responses: T) {
  return { ...responses, '4xx': errorEnvelope, '5xx': errorEnvelope };
}
