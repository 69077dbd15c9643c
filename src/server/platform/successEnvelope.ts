import type { Envelope } from '../../shared/contract/responseEnvelope';

/** The message of an answer that found what was asked (the spec's words). */
export const DATA_FOUND = 'Data found';

/** A successful answer in the API's envelope (the contract's `envelope`): `success`, `message`, `data`. */
export function ok<T>(data: T, message: string): Envelope<T> {
  return { success: true, message, data };
}
