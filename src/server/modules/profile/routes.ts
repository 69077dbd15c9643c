import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileParams, profileResponse, profileUpdateBody } from '../../../shared/contract/identity';
import { assertOwnUserId, requireUser } from '../../platform/callerIdentity';
import { withErrors } from '../../platform/schemas';
import type { ProfileService } from './service';
import { ok } from '../../platform/successEnvelope';

/** Profile read and update: only ever the caller's own (identity from the token; another id → 403). */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (app, { service }) => {
  app.get(
    '/profile/:userId',
    {
      config: { auth: 'user' },
      schema: {
        summary: "The caller's profile",
        description: "The caller's own profile only: another user's id is a 403.",
        tags: ['profile'],
        params: profileParams,
        response: withErrors({ 200: profileResponse }, 404),
      },
    },
    async (req) => {
      const user = requireUser(req);
      assertOwnUserId(user, req.params.userId);
      return ok([await service.get(user.userId)], 'Profile found');
    },
  );

  app.post(
    '/profile/update',
    {
      config: { auth: 'user' },
      schema: {
        summary: "Change the caller's name",
        description:
          "Changes `firstName` and `lastName` of the caller's own profile only (another user's `userId` is a 403). " +
          'The e-mail cannot be changed.',
        tags: ['profile'],
        body: profileUpdateBody,
        response: withErrors({ 200: profileResponse }, 404),
      },
    },
    async (req) => {
      const user = requireUser(req);
      assertOwnUserId(user, req.body.userId);
      const profile = await service.rename(user.userId, req.body.firstName, req.body.lastName);
      return ok([profile], 'Profile updated successfully.');
    },
  );
};
