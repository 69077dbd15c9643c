/**
 * What can go wrong, in the domain's words. Services and plugins throw these; the one error plugin
 * (plugins/errorHandler.ts) turns each kind into its HTTP status and the envelope. Their messages are
 * written for the caller: they are shown as they are.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The input is malformed or breaks a rule (400). */
export class Invalid extends DomainError {
  readonly status = 400;
}
/** No valid credentials (401): no token, a bad or expired one, or an identity we could not verify. */
export class Unauthenticated extends DomainError {
  readonly status = 401;
}
/** The caller is known but this is not theirs (403). */
export class Forbidden extends DomainError {
  readonly status = 403;
}
export class NotFound extends DomainError {
  readonly status = 404;
}
/** The request is fine but the state of things refuses it: owned, sold out, taken (409). */
export class Conflict extends DomainError {
  readonly status = 409;
}
/** Too many attempts (429). */
export class RateLimited extends DomainError {
  readonly status = 429;
}
/** A service outside ours failed: mail, Google, the payment provider (502). */
export class UpstreamFailure extends DomainError {
  readonly status = 502;
}
/** Something we need is down for a moment and refusing is safer than going on (503). */
export class Unavailable extends DomainError {
  readonly status = 503;
}
