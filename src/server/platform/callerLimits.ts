import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { clientKey } from './clientKey';
import { RateLimited } from './domainErrors';
import { callerOf } from './callerIdentity';

const MINUTE = '1 minute';

/** The sentence of every 429 a limit answers, with the wait the Retry-After header gives. */
export const tooManyRequests = (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`;

/** Who a per-caller limit counts: a signed-in user, or one guest token (read by the route's auth first). */
const callerKey = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return caller.kind === 'user' ? `user:${caller.userId}` : `guest:${caller.guestId}`;
};

/** A route's `config.rateLimit`: `max` calls a minute per caller. */
export const perCaller = (max: number) =>
  ({ max, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: callerKey }) as const;

/**
 * Guest tokens are free to get, so a limit per guest token is as many limits as a client cares to
 * fetch tokens: guests' calls are also counted per client address (IPv6 by /64), one budget for
 * every guest behind it. Signed-in users are counted by their own per-caller limit only (an account
 * takes an e-mail address to make). A route's preHandler, beside `perCaller`: the plugin runs one of
 * its own limiters per request, so this one is a manual check (createRateLimit) that never stops the
 * per-caller one from counting.
 */
export function guestsPerAddress(app: FastifyInstance, name: string, max: number): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max,
    timeWindow: MINUTE,
    keyGenerator: (request) => `guests:${name}:${clientKey(request.ip)}`,
    allowList: (request) => request.caller?.kind === 'user',
  });
  return async (request, reply) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw new RateLimited(tooManyRequests(limit.ttlInSeconds));
  };
}
