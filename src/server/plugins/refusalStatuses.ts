import fp from 'fastify-plugin';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorEnvelope } from '../../shared/contract/responseEnvelope';
import type { AuthRequirement } from '../platform/callerIdentity';
import { ownMeaning } from '../platform/schemas';

/** Methods whose body Fastify reads: it can be too large (413) or not JSON (415). */
const READS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals every route of its kind can answer, read from its options, so the API document lists
 * them without each route repeating them:
 * - 400 always (the address and query are checked: a NUL, a malformed address), 500 always (a bug),
 *   503 always (a request that arrives while the server stops; the database or Redis down);
 * - 401 where a token is read (`auth` other than 'none'), 403 where a user's token (or an organizer's) is needed;
 * - 413 and 415 where a body is read; 414 where the path has a parameter (the router's length limit);
 * - 429 where a rate limit applies.
 * What a route's own rules refuse with (403 not yours, 404, 409, 502) the route lists (withErrors),
 * with what it means there when a rule the schemas cannot state refuses (`refusal(400, …)`).
 */
function commonRefusals(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): number[] {
  const config = route.config as { auth?: AuthRequirement; rateLimit?: unknown } | undefined;
  const auth = config?.auth ?? 'optional';
  const statuses = [400, 500, 503];
  if (auth !== 'none') statuses.push(401);
  if (auth === 'user' || auth === 'organizer') statuses.push(403);
  if ([route.method].flat().some((m) => READS_BODY.has(m))) statuses.push(413, 415);
  if (/[:*]/.test(route.url)) statuses.push(414);
  if (config?.rateLimit) statuses.push(429);
  return statuses.sort();
}

/** What each refusal means, in the API document's words (the envelope's `message` says more). */
const MEANINGS: Record<number, string> = {
  400: 'The request is not valid: a malformed address, query or body, or a field that breaks a rule.',
  401: 'No token where one is needed, or a token that does not verify (expired, revoked, forged).',
  403: "Not the caller's, or a signed-in user's (or an organizer's) token is needed.",
  404: 'Not found.',
  409: 'The state of things refuses it (sold out, already owned, not started, a device limit).',
  413: 'The body is larger than the limit (64 KB).',
  414: "A path segment is longer than the router's limit.",
  415: 'The body is not JSON (Content-Type: application/json).',
  429: 'Too many requests: `Retry-After` says when to try again.',
  500: 'Something went wrong on our side.',
  502: 'A service we depend on failed (mail, Google or the payment provider).',
  503: 'Unavailable for a moment: the server is stopping, or its database or Redis is down. See `Retry-After`.',
};
const described = new Map<number, z.ZodType>();
/** The error envelope with what the status means, made once per status. */
function refusal(status: number): z.ZodType {
  let schema = described.get(status);
  if (!schema) described.set(status, (schema = errorEnvelope.meta({ description: MEANINGS[status] ?? 'Refused.' })));
  return schema;
}

/**
 * Completes every described route's response schemas with the error envelope of each common refusal,
 * and says what each refusal means (register before the routes). Where a route describes such a
 * status in its own shape (the probes' 503), the envelope is allowed beside it: a stopping server
 * answers in the envelope.
 */
export const refusalStatusesPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
    if (!schema?.response || schema.hide) return;
    const response = { ...schema.response };
    for (const status of commonRefusals(route)) {
      const own = response[status];
      if (own === undefined) response[status] = errorEnvelope;
      else if (own instanceof z.ZodType && own !== errorEnvelope && ownMeaning(own) === undefined)
        response[status] = z.union([own, refusal(status)]).meta({ description: MEANINGS[status] });
    }
    for (const [status, answer] of Object.entries(response)) {
      const here = ownMeaning(answer);
      if (answer === errorEnvelope) response[status] = refusal(Number(status));
      else if (here) response[status] = errorEnvelope.meta({ description: `${MEANINGS[Number(status)]} ${here}` });
    }
    route.schema = { ...schema, response };
  });
});
