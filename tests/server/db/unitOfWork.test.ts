// @databases both: transactions — the unit of work commits and rolls back as one
import { createUnitOfWork, withTransaction } from '../../../src/server/db/unitOfWork';
import { createRepositories } from '../../../src/server/repositories';
import type { Database } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { openTestDatabase } from '../../utils/testDatabase';

/** The one owner of transactions: commit on success, roll back on failure, locks only inside. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(() => database.close());

const newsletter = (email: string) =>
  database.db.selectFrom('newsletter_signups').select('email').where('email', '=', email).execute();

it('commits what the work did when it resolves', async () => {
  await withTransaction(database.db, createRepositories, async (repos) => {
    await repos.newsletter.addSignup('kept@example.com', null);
    // Inside, the work sees its own write through the repositories it was handed.
    expect(await repos.newsletter.addSignup('kept@example.com', null)).toBe(false);
  });
  expect(await newsletter('kept@example.com')).toHaveLength(1);
});

it('rolls every change back when the work throws', async () => {
  await expect(
    withTransaction(database.db, createRepositories, async (repos) => {
      await repos.newsletter.addSignup('gone@example.com', null);
      await repos.settings.upsert('rolled-back', 'x');
      throw new Error('payment refused');
    }),
  ).rejects.toThrow('payment refused');
  expect(await newsletter('gone@example.com')).toEqual([]);
  expect(await createUnitOfWork(database.db, createRepositories).repos.settings.findMany(['rolled-back'])).toEqual([]);
});

it('refuses a locked read outside a transaction instead of pretending to lock', async () => {
  const { repos } = createUnitOfWork(database.db, createRepositories);
  await expect(repos.carts.find({ id: 1 }, { forUpdate: true })).rejects.toThrow(/needs a transaction/);
  await expect(repos.identity.lockEmail('a@example.com')).rejects.toThrow(/needs a transaction/);
  await expect(repos.identity.latestCodeForUpdate('a@example.com')).rejects.toThrow(/needs a transaction/);
  await withTransaction(database.db, createRepositories, async (inside) => {
    await expect(inside.carts.find({ id: 1 }, { forUpdate: true })).resolves.toBeUndefined();
    await expect(inside.identity.lockEmail('a@example.com')).resolves.toBeUndefined();
  });
});
