/**
 * What a failed call says, for the person in front of the screen. The server writes its refusals
 * as sentences ("First name must be at most 100 characters."); anything that still reads like a
 * developer's note — a schema path such as "body.firstName: …", or no message at all — is not shown:
 * the caller's own fallback sentence is. The one place every screen reads a server message from.
 */
const SCHEMA_PATH = /^(?:body|querystring|params|headers|request|response)(?:\.[\w$-]+)*\s*:/;

export function serverMessage(error: unknown): string | null {
  const data = (error as { data?: unknown } | undefined)?.data;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : null;
  if (typeof message !== 'string' || message.trim() === '' || SCHEMA_PATH.test(message)) return null;
  return message;
}

/** The sentence shown when a call fails and the server said nothing a person can use. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** What to tell the person about a failed call: the server's sentence, else `fallback`. */
export function messageFor(error: unknown, fallback: string = UNEXPECTED_ERROR): string {
  return serverMessage(error) ?? fallback;
}

/** The HTTP status of a failed call, or null for a network or parsing failure. */
export function errorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : null;
}
