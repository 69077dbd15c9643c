import type { Envelope } from '../../shared/contract/responseEnvelope';

/** A successful answer in the API's envelope (the contract's `envelope`): `success`, `message`, `data`. */
export function ok<T>(data: T, message: string): Envelope<T> {
  return { success: true, message, data };
}
