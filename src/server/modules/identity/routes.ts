import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkUserBody, checkUserResponse, codeSentResponse, loginBody, logoutResponse, registerBody, sessionResponse, verifyOtpBody,
} from '../../../shared/contract/identity';
import { LOGIN_SOURCE } from '../../../shared/constants';
import type { AppConfig } from '../../config';
import { Invalid } from '../../platform/errors';
import { requireUser } from '../../plugins/caller';
import { withErrors } from '../../plugins/schemas';
import type { IdentityService } from './service';
import { clientKey } from '../../platform/clientKey';
import { fieldProblem } from '../../platform/fieldProblem';

/** Sign-in's limits hold or sign-in stops: a Redis that cannot count them is a 503, never a free pass. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', skipOnError: false } });

/**
 * PRODUCT.md paths: check-user /checkuser; codes via /login and /register (loginSource 3); Google via
 * the same two with loginSource 1 and an access token; /verifyotp; /logout. Sign-in ignores any
 * bearer the browser still sends: a stale token must never stand in the way of signing in.
 */
export const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService; limits: AppConfig['limits'] }> = async (app, { service, limits }) => {
  app.post('/checkuser', {
    config: { auth: 'none', ...perMinute(limits.checkUserPerMinutePerIp) },
    schema: { body: checkUserBody, response: withErrors({ 200: checkUserResponse }) },
  }, async (req) => {
    const result = await service.checkUser(req.body.emailId);
    return { success: result.exists, message: result.exists ? 'User exists' : 'User not found', data: result };
  });

  const codeOrSession = z.union([sessionResponse, codeSentResponse]);

  app.post('/login', {
    config: { auth: 'none', ...perMinute(limits.codeRequestsPerMinutePerIp) },
    schema: { body: loginBody, response: withErrors({ 200: codeOrSession }) },
  }, async (req) => {
    const { emailId, loginSource, accessToken } = req.body;
    if (loginSource === LOGIN_SOURCE.emailCode) return { success: true, ...(await service.requestCode(emailId, 'login', clientKey(req.ip))) };
    if (loginSource === LOGIN_SOURCE.google) {
      if (!accessToken) throw new Invalid(fieldProblem('body', ['accessToken'], 'is required for Google sign-in'));
      return { success: true, message: 'Signed in', data: [await service.googleLogin(accessToken, emailId)] };
    }
    throw new Invalid('Facebook sign-in is not available. Sign in with Google or with a code by e-mail.');
  });

  app.post('/register', {
    config: { auth: 'none', ...perMinute(limits.codeRequestsPerMinutePerIp) },
    schema: { body: registerBody, response: withErrors({ 200: codeOrSession }) },
  }, async (req) => {
    const { emailId, loginSource, accessToken, firstName, lastName } = req.body;
    if (loginSource === LOGIN_SOURCE.emailCode) return { success: true, ...(await service.requestCode(emailId, 'register', clientKey(req.ip))) };
    if (loginSource === LOGIN_SOURCE.google) {
      if (!accessToken) throw new Invalid(fieldProblem('body', ['accessToken'], 'is required for Google sign-up'));
      return { success: true, message: 'Account created', data: [await service.googleRegister(accessToken, emailId, firstName, lastName)] };
    }
    throw new Invalid('Facebook sign-up is not available. Sign up with Google or with a code by e-mail.');
  });

  app.post('/verifyotp', {
    config: { auth: 'none', ...perMinute(limits.verifyPerMinutePerIp) },
    schema: { body: verifyOtpBody, response: withErrors({ 200: sessionResponse }) },
  }, async (req) => {
    const { emailId, otp, firstName, lastName } = req.body;
    const session = await service.verifyCode({ email: emailId, otp, firstName, lastName, client: clientKey(req.ip) });
    return { success: true, message: 'Signed in successfully.', data: [session] };
  });

  app.post('/logout', {
    config: { auth: 'user' },
    schema: { response: withErrors({ 200: logoutResponse }) },
  }, async (req) => {
    await service.logout(requireUser(req).userId);
    return { success: true, message: 'Logout successfully.', data: null };
  });
};
