import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkUserBody,
  checkUserResponse,
  codeSentResponse,
  loginBody,
  logoutResponse,
  registerBody,
  sessionResponse,
  verifyOtpBody,
} from '../../../shared/contract/identity';
import { LOGIN_SOURCE } from '../../../shared/constants';
import { IDENTITY_MESSAGES } from '../../../shared/contract/identityMessages';
import type { AppConfig } from '../../config';
import { Invalid } from '../../platform/domainErrors';
import { requireUser } from '../../platform/callerIdentity';
import { refusal, withErrors } from '../../platform/schemas';
import type { IdentityService } from './service';
import { clientKey } from '../../platform/clientKey';
import { fieldProblem } from '../../platform/fieldProblem';
import { ok } from '../../platform/successEnvelope';

/** What /login and /register refuse beyond their schemas, in the API document's words. */
const SIGN_IN_REFUSALS = refusal(
  400,
  'Also `loginSource: 2` (Facebook sign-in is not available), and `loginSource: 1` (Google) without ' +
    '`accessToken` or while Google sign-in is not configured on this server.',
);

/** Sign-in's limits hold or sign-in stops: a Redis that cannot count them is a 503, never a free pass. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', skipOnError: false } });

/** What /login and /register answer, in the API document; `which` is 'an existing' or 'a new'. */
const codeOrGoogle = (which: string, facebook: string) =>
  `With \`loginSource: 3\`: mails a sign-in code for ${which} account and answers \`data[0]: {verified}\`; no names ` +
  `are answered ` +
  "before the code is verified. The code is in the mail's body, never its subject or any log line (mail is logged by " +
  'template ' +
  'name and message id). With `loginSource: 1` and `accessToken`: Google; the token is checked with Google, and the ' +
  'answer is a ' +
  `session like /v1/verifyotp's. \`loginSource: 2\` (Facebook) is a 400 '${facebook}'`;

/**
 * docs/decisions.md paths: check-user /checkuser; codes via /login and /register (loginSource 3); Google via
 * the same two with loginSource 1 and an access token; /verifyotp; /logout. Sign-in ignores any
 * bearer the browser still sends: a stale token must never stand in the way of signing in.
 */
export const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService; limits: AppConfig['limits'] }> = async (
  app,
  { service, limits },
) => {
  app.post(
    '/checkuser',
    {
      config: { auth: 'none', ...perMinute(limits.checkUserPerMinutePerIp) },
      schema: {
        summary: 'Does an account exist for this e-mail?',
        description: '`success` is whether an account exists for `emailId`; `data: {exists, verified}`.',
        tags: ['identity'],
        body: checkUserBody,
        response: withErrors({ 200: checkUserResponse }),
      },
    },
    async (req) => {
      const result = await service.checkUser(req.body.emailId);
      return { success: result.exists, message: result.exists ? 'User exists' : 'User not found', data: result };
    },
  );

  const codeOrSession = z.union([sessionResponse, codeSentResponse]);
  const sent = <T>({ message, data }: { message: string; data: T }) => ok(data, message);

  app.post(
    '/login',
    {
      config: { auth: 'none', ...perMinute(limits.codeRequestsPerMinutePerIp) },
      schema: {
        summary: 'Sign in: mail a code, or sign in with Google',
        description: codeOrGoogle(
          'an existing',
          'Facebook sign-in is not available. Sign in with Google or with a code by e-mail.',
        ),
        tags: ['identity'],
        body: loginBody,
        response: withErrors({ 200: codeOrSession }, SIGN_IN_REFUSALS, 401, 404, 502),
      },
    },
    async (req) => {
      const { emailId, loginSource, accessToken } = req.body;
      if (loginSource === LOGIN_SOURCE.emailCode)
        return sent(await service.requestCode(emailId, 'login', clientKey(req.ip)));
      if (loginSource === LOGIN_SOURCE.google) {
        if (!accessToken) throw new Invalid(fieldProblem('body', ['accessToken'], 'is required for Google sign-in'));
        return ok([await service.googleLogin(accessToken, emailId)], 'Signed in');
      }
      throw new Invalid('Facebook sign-in is not available. Sign in with Google or with a code by e-mail.');
    },
  );

  app.post(
    '/register',
    {
      config: { auth: 'none', ...perMinute(limits.codeRequestsPerMinutePerIp) },
      schema: {
        summary: 'Sign up: mail a code, or sign up with Google',
        description: codeOrGoogle(
          'a new',
          'Facebook sign-up is not available. Sign up with Google or with a code by e-mail.',
        ),
        tags: ['identity'],
        body: registerBody,
        response: withErrors({ 200: codeOrSession }, SIGN_IN_REFUSALS, 401, 409, 502),
      },
    },
    async (req) => {
      const { emailId, loginSource, accessToken, firstName, lastName } = req.body;
      if (loginSource === LOGIN_SOURCE.emailCode)
        return sent(await service.requestCode(emailId, 'register', clientKey(req.ip)));
      if (loginSource === LOGIN_SOURCE.google) {
        if (!accessToken) throw new Invalid(fieldProblem('body', ['accessToken'], 'is required for Google sign-up'));
        return ok([await service.googleRegister(accessToken, emailId, firstName, lastName)], 'Account created');
      }
      throw new Invalid('Facebook sign-up is not available. Sign up with Google or with a code by e-mail.');
    },
  );

  app.post(
    '/verifyotp',
    {
      config: { auth: 'none', ...perMinute(limits.verifyPerMinutePerIp) },
      schema: {
        summary: 'Check a mailed sign-in code and start a session',
        description:
          'Takes `{emailId, otp, NewUser, firstName, lastName}`; `firstName` and `lastName` are required for a new ' +
          'or unverified account. Answers the session: `data[0]: {id, userId, firstName, lastName, emailId, token, ' +
          'verified}`.',
        tags: ['identity'],
        body: verifyOtpBody,
        response: withErrors(
          { 200: sessionResponse },
          refusal(
            400,
            'Also an `otp` that is not the code last mailed to `emailId` by /v1/login or /v1/register: none was ' +
              'sent, it has expired, or it is wrong (the message says how many tries are left); and a new or ' +
              'unverified account without `firstName` and `lastName`.',
          ),
        ),
      },
    },
    async (req) => {
      const { emailId, otp, firstName, lastName } = req.body;
      const session = await service.verifyCode({ email: emailId, otp, firstName, lastName, client: clientKey(req.ip) });
      return ok([session], 'Signed in successfully.');
    },
  );

  app.post(
    '/logout',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Sign out everywhere',
        description: "Revokes the caller's tokens.",
        tags: ['identity'],
        response: withErrors({ 200: logoutResponse }),
      },
    },
    async (req) => {
      await service.logout(requireUser(req).userId);
      return ok(null, IDENTITY_MESSAGES.loggedOut);
    },
  );
};
