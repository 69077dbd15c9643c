import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import { errorStatus, serverMessage } from '../../api/serverError';

/**
 * Whether a refused heartbeat or stream config says another device of the ticket took this one's
 * place ('Watch here instead'): a 409 in the contract's words, which the server tells only the
 * device holding the session's key.
 */
export const movedAway = (error: unknown) =>
  errorStatus(error) === 409 && serverMessage(error) === STREAM_MESSAGES.movedAway;
