import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileParams, profileResponse, profileUpdateBody } from '../../../shared/contract/identity';
import { assertOwnUserId, requireUser } from '../../plugins/caller';
import { withErrors } from '../../plugins/schemas';
import type { ProfileService } from './service';

/** Profile read and update: only ever the caller's own (identity from the token; another id → 403). */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (app, { service }) => {
  app.get('/profile/:userId', {
    config: { auth: 'user' },
    schema: { params: profileParams, response: withErrors({ 200: profileResponse }) },
  }, async (req) => {
    const user = requireUser(req);
    assertOwnUserId(user, req.params.userId);
    return { success: true, message: 'Profile found', data: [await service.get(user.userId)] };
  });

  app.post('/profile/update', {
    config: { auth: 'user' },
    schema: { body: profileUpdateBody, response: withErrors({ 200: profileResponse }) },
  }, async (req) => {
    const user = requireUser(req);
    assertOwnUserId(user, req.body.userId);
    const profile = await service.rename(user.userId, req.body.firstName, req.body.lastName);
    return { success: true, message: 'Profile updated successfully.', data: [profile] };
  });
};
