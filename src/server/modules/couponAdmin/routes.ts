import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponCreateBody,
  STUDIO_COUPON_MESSAGES,
  studioCouponDetailResponse,
  studioCouponListResponse,
  studioCouponParams,
  studioCouponResponse,
} from '../../../shared/contract/studioCoupons';
import { requireOrganizer } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { ok } from '../../platform/successEnvelope';
import { withErrors } from '../../platform/schemas';
import type { CouponAdminService } from './service';
import { noStore } from '../../platform/noStore';

/** The console's coupons: list, create, one coupon's uses, disable (organizers only). */
export const couponAdminRoutes: FastifyPluginAsyncZod<{
  service: CouponAdminService;
  createsPerMinute: number;
}> = async (app, { service, createsPerMinute }) => {
  const config = { auth: 'organizer' } as const;
  // Each new coupon writes rows and an audit entry: bounded per organizer, as uploads are.
  const creates = { ...config, rateLimit: perCaller(createsPerMinute) } as const;

  app.get(
    '/studio/coupons',
    {
      config,
      schema: {
        summary: 'Coupons',
        description:
          'Every coupon with its terms, events, uses (redemptions) and status now: active, scheduled, expired, ' +
          "used up or disabled. The console's own newest first, then imported ones by code.",
        tags: ['studio'],
        response: withErrors({ 200: studioCouponListResponse }),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.list(), 'Coupons');
    },
  );

  app.post(
    '/studio/coupons',
    {
      config: creates,
      schema: {
        summary: 'Create a coupon',
        description:
          'A percent (1–100) or amount (dollars) coupon with optional total uses, uses per buyer, start, ' +
          'expiry (in the future) and events (empty: every event). The code is kept in capitals. 400 with a ' +
          'sentence for a bad value or an unknown event; 409 when the code exists. Nothing is written then. ' +
          'Audited.',
        tags: ['studio'],
        body: couponCreateBody,
        response: withErrors({ 200: studioCouponResponse }, 409),
      },
    },
    async (req, reply) => {
      const organizer = requireOrganizer(req);
      noStore(reply);
      return ok(await service.create(organizer, req.body), STUDIO_COUPON_MESSAGES.created);
    },
  );

  app.get(
    '/studio/coupons/:code',
    {
      config,
      schema: {
        summary: 'A coupon and its uses',
        description: 'The coupon as listed, with the orders that used it, newest first. 404 for an unknown code.',
        tags: ['studio'],
        params: studioCouponParams,
        response: withErrors({ 200: studioCouponDetailResponse }, 404),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.detail(req.params.code), 'Coupon');
    },
  );

  app.post(
    '/studio/coupons/:code/disable',
    {
      config,
      schema: {
        summary: 'Disable a coupon',
        description:
          'From now on the cart refuses the coupon as it refuses an expired one; orders already made keep it. ' +
          'Disabling a disabled coupon changes nothing. 404 for an unknown code. Audited.',
        tags: ['studio'],
        params: studioCouponParams,
        response: withErrors({ 200: studioCouponResponse }, 404),
      },
    },
    async (req, reply) => {
      const organizer = requireOrganizer(req);
      noStore(reply);
      return ok(await service.disable(organizer, req.params.code), STUDIO_COUPON_MESSAGES.disabled);
    },
  );
};
