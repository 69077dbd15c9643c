// @databases postgres: a race needs concurrent sessions; PGlite has one
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { createTokenService } from '../../../../src/server/modules/auth/tokens';
import type { Mail, Mailer } from '../../../../src/server/modules/mail/mailer';
import type { IdentityRepository } from '../../../../src/server/modules/identity/identityRepository';
import { createIdentityService } from '../../../../src/server/modules/identity/service';
import type { Database } from '../../../../src/server/db/database';
import { codeInMail } from '../../../utils/mailbox';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';
import { TEST_JWT_SECRET, testConfig } from '../../../utils/testConfig';

/**
 * Sign-in races on PostgreSQL (runs only in the PostgreSQL project: PGlite is one session and runs
 * one statement at a time, so nothing races there). Each guard has a control: the same burst with
 * the guard taken out of the repository, showing the race it prevents.
 */
let database: Database;
beforeAll(async () => {
  database = await openRaceDatabase();
});
afterAll(() => database.close());

/** The identity service over the real unit of work, with `change` applied to its repository. */
function identityWith(change: (repo: IdentityRepository) => Partial<IdentityRepository> = () => ({})) {
  const uow = unitOfWorkWith(database, 'identity', change);
  const mails: Mail[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (m) => {
      mails.push(m);
    },
    close: async () => {},
  };
  const keys = deriveKeys(TEST_JWT_SECRET);
  const service = createIdentityService({
    uow,
    tokens: createTokenService(keys.tokenSigning),
    mailer,
    google: async () => {
      throw new Error('not used');
    },
    codeKey: keys.codeHashing,
    limits: testConfig().limits,
  });
  return { service, mails };
}

const settle = <T>(work: Promise<T>[]) => Promise.allSettled(work);
const fulfilled = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === 'fulfilled').length;
let n = 0;
const CLIENT = '198.51.100.7';
const fresh = (label: string) => `${label}-${Date.now()}-${(n += 1)}@example.com`;

describe('the 60-second rule under a burst of code requests', () => {
  const burst = async (service: ReturnType<typeof identityWith>['service'], email: string) =>
    settle(Array.from({ length: 12 }, () => service.requestCode(email, 'register', CLIENT)));

  it('mails exactly one code however many requests arrive together', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { service, mails } = identityWith();
      const email = fresh('burst');
      const results = await burst(service, email);
      expect(fulfilled(results)).toBe(1);
      expect(mails).toHaveLength(1);
      const codes = await database.db.selectFrom('login_codes').selectAll().where('email', '=', email).execute();
      expect(codes).toHaveLength(1);
    }
  });

  it('control: without the per-address lock, the same burst mails several codes', async () => {
    let worst = 0;
    for (let round = 0; round < 3; round += 1) {
      const { service, mails } = identityWith(() => ({ lockEmail: async () => {} }));
      await burst(service, fresh('control'));
      worst = Math.max(worst, mails.length);
    }
    expect(worst).toBeGreaterThan(1);
  });
});

describe('two verifications of one code sent at once', () => {
  async function existingAccountWithCode(service: ReturnType<typeof identityWith>['service'], mails: Mail[]) {
    const email = fresh('verify');
    await service.requestCode(email, 'register', CLIENT);
    await service.verifyCode({
      email,
      otp: codeInMail(mails.at(-1)!.text)!,
      firstName: 'Race',
      lastName: 'Twice',
      client: CLIENT,
    });
    await database.db
      .updateTable('login_codes')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('email', '=', email)
      .execute();
    await service.requestCode(email, 'login', CLIENT);
    return { email, code: codeInMail(mails.at(-1)!.text)! };
  }

  it('one wins, the other is told the code is used', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { service, mails } = identityWith();
      const { email, code } = await existingAccountWithCode(service, mails);
      const results = await settle([1, 2, 3, 4].map(() => service.verifyCode({ email, otp: code, client: CLIENT })));
      expect(fulfilled(results)).toBe(1);
    }
  });

  it('control: without the row lock on the code, two sessions come out of one code', async () => {
    let worst = 0;
    for (let round = 0; round < 3; round += 1) {
      const { service, mails } = identityWith((repo) => ({
        latestCodeForUpdate: (email: string) => repo.latestCode(email),
      }));
      const { email, code } = await existingAccountWithCode(service, mails);
      worst = Math.max(
        worst,
        fulfilled(await settle([1, 2, 3, 4].map(() => service.verifyCode({ email, otp: code, client: CLIENT })))),
      );
    }
    expect(worst).toBeGreaterThan(1);
  });
});
