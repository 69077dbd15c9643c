import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileParams, profileResponse, profileUpdateBody, type Profile } from '../../../shared/contract/identity';
import { httpError } from '../../plugins/errors';
import { withErrors } from '../../plugins/schemas';
import type { IdentityRepository, UserRow } from '../identity/repository';

const toProfile = (u: UserRow): Profile => ({ userId: u.id, firstName: u.first_name, lastName: u.last_name, emailId: u.email });

/** Profile read and update: only ever the caller's own (identity from the token; another id → 403). */
export const profileRoutes: FastifyPluginAsyncZod<{ repo: IdentityRepository }> = async (app, { repo }) => {
  const callerId = (caller: unknown) => (caller as { userId: number }).userId;

  app.get('/profile/:userId', {
    config: { auth: 'user' },
    schema: { params: profileParams, response: withErrors({ 200: profileResponse }) },
  }, async (req) => {
    if (req.params.userId !== callerId(req.caller)) throw httpError(403, 'This profile is not yours');
    const user = await repo.userById(req.params.userId);
    if (!user) throw httpError(404, 'No such user');
    return { success: true, message: 'Profile found', data: [toProfile(user)] };
  });

  app.post('/profile/update', {
    config: { auth: 'user' },
    schema: { body: profileUpdateBody, response: withErrors({ 200: profileResponse }) },
  }, async (req) => {
    const id = callerId(req.caller);
    if (req.body.userId !== undefined && req.body.userId !== id) throw httpError(403, 'This profile is not yours');
    const user = await repo.updateUser(id, { first_name: req.body.firstName.trim(), last_name: req.body.lastName.trim() });
    return { success: true, message: 'Profile updated successfully.', data: [toProfile(user)] };
  });
};
