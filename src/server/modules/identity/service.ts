import type { AppConfig } from '../../config';
import { createLastKnown } from '../../platform/ttlCache';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import {
  Conflict,
  Invalid,
  NotFound,
  RateLimited,
  Unauthenticated,
  UpstreamFailure,
} from '../../platform/domainErrors';
import type { TokenService } from '../auth/tokens';
import { signInCodeMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { hashCode, newCode, sameHash } from './codes';
import type { GoogleVerifier } from './google';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { IdentityRepositories } from './repositories';
import type { UserRow } from './identityRepository';
import { sessionIssuerOf, type Session } from './session';
import { fieldProblem } from '../../platform/fieldProblem';
import { IDENTITY_MESSAGES } from '../../../shared/contract/identityMessages';

const TOO_MANY_ATTEMPTS = IDENTITY_MESSAGES.tooManyAttempts;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const SWEEP_EVERY_MS = 10 * MINUTE_MS;

type Deps = {
  uow: UnitOfWork<IdentityRepositories>;
  tokens: TokenService;
  mailer: Mailer;
  google: GoogleVerifier;
  /** Key of the code hashes (derived from the server's secret for this purpose only). */
  codeKey: Buffer;
  limits: AppConfig['limits'];
  now?: () => number;
  /**
   * Told of every verified account signing in or up, before its session is issued: the orders
   * module gives it the tickets handed on to its address (an injected callback, so identity does not
   * import orders). Must not throw.
   */
  onSignedIn?: (user: UserRow) => Promise<unknown>;
};

type IssueSession = ReturnType<typeof sessionIssuerOf>;

/**
 * Signing in by an e-mailed code: requesting one (one a minute per address) and checking it, with
 * failures counted against guessing and swept now and then.
 */
function codeSignInOf(deps: Deps, session: IssueSession) {
  const { uow, limits } = deps;
  const repo = uow.repos.identity;
  const now = deps.now ?? Date.now;
  const rules = limits.signInCode;

  /**
   * Code guessing is stopped where it comes from: a client (its address, IPv6 by /64) with too many
   * failures in the last hour is refused. An e-mail address with many failures from anyone is only
   * slowed down: refused until its window has passed, and since nothing is tried (so nothing fails)
   * while it is refused, strangers can never keep its owner out for longer than one window.
   */
  async function refuseWhenTooManyFailures(email: string, client: string) {
    const at = now();
    if ((await repo.clientFailuresSince(client, new Date(at - HOUR_MS))) >= rules.failedAttemptsPerClientPerHour) {
      throw new RateLimited(TOO_MANY_ATTEMPTS);
    }
    if (
      (await repo.failuresSince(email, new Date(at - rules.emailSlowdownMinutes * MINUTE_MS))) >=
      rules.failedAttemptsPerEmail
    ) {
      throw new RateLimited(TOO_MANY_ATTEMPTS);
    }
  }

  /** Failures older than every window are deleted now and then (by whichever server records one). */
  let lastSweep = Number.NEGATIVE_INFINITY;
  async function sweepOldFailures(at: number) {
    if (Math.abs(at - lastSweep) < SWEEP_EVERY_MS) return;
    lastSweep = at;
    await repo.deleteFailuresBefore(
      new Date(at - Math.max(HOUR_MS, rules.emailSlowdownMinutes * MINUTE_MS) - HOUR_MS),
      1000,
    );
  }

  return {
    async checkUser(email: string) {
      const user = await repo.userByEmail(email);
      return { exists: Boolean(user), verified: Boolean(user?.verified) };
    },

    /** Sends a code: 'login' for an existing account, 'register' for a new (or never verified) one. */
    async requestCode(rawEmail: string, purpose: 'login' | 'register', client: string) {
      const email = rawEmail.toLowerCase();
      const user = await repo.userByEmail(email);
      if (purpose === 'login' && !user) throw new NotFound('No account uses this e-mail address. Create one instead.');
      if (purpose === 'register' && user?.verified)
        throw new Conflict('An account with this e-mail address already exists. Sign in instead.');
      await refuseWhenTooManyFailures(email, client);
      const code = newCode();
      const createdAt = new Date(now());
      // The 60-second rule is checked and the code stored in one transaction holding a lock on the
      // address, so requests arriving together cannot each see "no recent code" and all send one.
      const stored = await uow.transaction(async ({ identity }) => {
        await identity.lockEmail(email);
        const last = await identity.latestCode(email);
        // A code still waiting to be used holds back the next one; a used (or failed-to-send) one does not.
        const waitMs =
          last && !last.consumed_at ? new Date(last.created_at).getTime() + rules.resendSeconds * 1000 - now() : 0;
        if (waitMs > 0) return { waitMs, id: null };
        const expiresAt = new Date(now() + rules.ttlMinutes * 60_000);
        return {
          id: await identity.storeCode({
            email,
            purpose,
            codeHash: hashCode(deps.codeKey, email, code),
            createdAt,
            expiresAt,
          }),
        };
      });
      if (stored.id === null)
        throw new RateLimited(`Please wait ${Math.ceil(stored.waitMs / 1000)} seconds before asking for a new code.`);
      // Mail goes out after the commit: a transaction never waits on the network.
      try {
        await deps.mailer.send(signInCodeMail(email, code, rules.ttlMinutes));
      } catch (err) {
        await repo.consumeCode(stored.id, createdAt);
        throw new UpstreamFailure('We could not send the e-mail. Please try again.', { cause: err });
      }
      // Nothing about the account but whether it is verified: the caller has not proved who they are.
      return { message: `We sent a sign-in code to ${email}.`, data: [{ verified: Boolean(user?.verified) }] };
    },

    /** Checks a code; on success the account exists, is verified, and a session token is issued. */
    async verifyCode(input: {
      email: string;
      otp: string;
      firstName?: string;
      lastName?: string;
      client: string;
    }): Promise<Session> {
      const email = input.email.toLowerCase();
      await refuseWhenTooManyFailures(email, input.client);
      const outcome = await uow.transaction(async ({ identity }) => {
        const code = await identity.latestCodeForUpdate(email);
        if (!code || code.consumed_at)
          return { error: new Invalid('There is no active code for this e-mail address. Request a new one.') };
        if (new Date(code.expires_at).getTime() <= now())
          return { error: new Invalid('This code has expired. Request a new one.') };
        if (code.attempts >= rules.maxAttempts) return { error: new RateLimited(TOO_MANY_ATTEMPTS) };
        if (!sameHash(code.code_hash, hashCode(deps.codeKey, email, input.otp))) {
          const attempts = await identity.countAttempt(code.id);
          await identity.recordFailure(email, input.client, new Date(now()));
          const left = rules.maxAttempts - attempts;
          return {
            error:
              left > 0
                ? new Invalid(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
                : new RateLimited(TOO_MANY_ATTEMPTS),
          };
        }
        const existing = await identity.userByEmail(email);
        const needsNames = !existing || !existing.verified;
        const firstName = input.firstName?.trim() ?? '';
        const lastName = input.lastName?.trim() ?? '';
        if (needsNames && (!firstName || !lastName)) {
          return {
            error: new Invalid(
              fieldProblem('body', [firstName ? 'lastName' : 'firstName'], 'is required for a new account'),
            ),
          };
        }
        await identity.consumeCode(code.id, new Date(now()));
        const user = existing
          ? needsNames
            ? await identity.updateUser(existing.id, { first_name: firstName, last_name: lastName, verified: true })
            : existing
          : await identity.createUser({ email, firstName, lastName, verified: true });
        return { user };
      });
      // Failed attempts are committed: the transaction only decides, the error is thrown afterwards.
      if ('error' in outcome) {
        await sweepOldFailures(now()).catch(() => undefined); // housekeeping never turns a caller away
        throw outcome.error;
      }
      return session(outcome.user);
    },
  };
}

/** Signing in or up with Google: the account found by Google subject, else by the verified e-mail. */
function googleSignInOf(deps: Deps, session: IssueSession) {
  const repo = deps.uow.repos.identity;
  return {
    /** Google sign-in of an existing account, keyed by Google subject, else by the verified e-mail. */
    async googleLogin(accessToken: string, claimedEmail: string): Promise<Session> {
      const google = await deps.google(accessToken);
      if (google.email !== claimedEmail.toLowerCase())
        throw new Unauthenticated('The e-mail address does not match the Google account');
      const user = (await repo.userByGoogleSub(google.sub)) ?? (await repo.userByEmail(google.email));
      if (!user) throw new NotFound('No account uses this Google account. Create one instead.');
      const linked =
        user.google_sub === google.sub && user.verified
          ? user
          : await repo.updateUser(user.id, { google_sub: google.sub, verified: true });
      return session(linked);
    },

    async googleRegister(accessToken: string, claimedEmail: string, firstName = '', lastName = ''): Promise<Session> {
      const google = await deps.google(accessToken);
      if (google.email !== claimedEmail.toLowerCase())
        throw new Unauthenticated('The e-mail address does not match the Google account');
      const existing = (await repo.userByGoogleSub(google.sub)) ?? (await repo.userByEmail(google.email));
      if (existing) return session(await repo.updateUser(existing.id, { google_sub: google.sub, verified: true }));
      return session(
        await repo.createUser({
          email: google.email,
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          verified: true,
          googleSub: google.sub,
        }),
      );
    },
  };
}

/** Signing out: the user's tokens issued so far revoked, and the check every request makes. */
function revocationOf(deps: Deps) {
  const repo = deps.uow.repos.identity;
  const now = deps.now ?? Date.now;
  // Read on every request; during an outage the last answer read for the user stands.
  const validAfterOf = createLastKnown({
    max: 100_000,
    now,
    load: (userId: number) => repo.tokensValidAfter(userId),
  });
  return {
    async logout(userId: number): Promise<void> {
      await repo.revokeTokens(userId, now());
    },

    /** True when a user token was issued at or before the user's last logout (or the user is gone). */
    async isRevoked(userId: number, issuedAtMs: number): Promise<boolean> {
      let validAfter: number | null | undefined;
      try {
        validAfter = await validAfterOf.get(userId);
      } catch (error) {
        // Never read and the database out of reach: the token's signature and expiry stand
        // (docs/decisions.md "Outages"); every write a revoked token could want needs the database anyway.
        if (isDatabaseUnreachable(error)) return false;
        throw error;
      }
      if (validAfter === undefined) return true;
      return validAfter !== null && issuedAtMs <= validAfter;
    },
  };
}

/**
 * Sign-in rules: e-mail codes (6 digits, hashed, 10 minutes, single use, 5 wrong tries, one new code
 * a minute; failures counted per client and per e-mail address) and Google access tokens checked
 * with Google.
 */
export function createIdentityService(deps: Deps) {
  const session = sessionIssuerOf(deps);
  return {
    ...codeSignInOf(deps, session),
    ...googleSignInOf(deps, session),
    ...revocationOf(deps),
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
