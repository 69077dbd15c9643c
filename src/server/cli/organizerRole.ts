import { loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createUnitOfWork } from '../db/unitOfWork';
import { createIdentityRepository } from '../modules/identity/identityRepository';
import { organizerRepositories } from '../modules/organizers/repositories';
import { createOrganizerService } from '../modules/organizers/service';
import { DomainError } from '../platform/domainErrors';
import { askRunningServer, failCommand } from './runningServer';

/**
 * `npm run organizer:grant -- EMAIL` and `npm run organizer:revoke -- EMAIL`: make an account an
 * organizer or not (docs/decisions.md "Organizers"). Through the running server on this machine when
 * there is one (PGlite is one process's), else the database directly. Both are audited.
 */
async function run() {
  const [verb, email] = process.argv.slice(2);
  if ((verb !== 'grant' && verb !== 'revoke') || !email || email.startsWith('--')) {
    console.error('usage: npm run organizer:grant -- EMAIL   (or organizer:revoke -- EMAIL)');
    process.exit(2);
  }
  const config = loadConfig();
  type Answer = { email: string; changed: boolean };
  const asked = await askRunningServer<Answer>(config, { path: `/internal/organizers/${verb}`, body: { email } });
  let answer: Answer;
  if (asked.reached) answer = asked.data;
  else {
    const database = await openDatabase(databaseOptionsFromConfig(config));
    try {
      await migrateToLatest(database.db);
      const uow = createUnitOfWork(database.db, (db) => ({
        ...organizerRepositories(db),
        identity: createIdentityRepository(db),
      }));
      const service = createOrganizerService({ uow });
      answer = verb === 'grant' ? await service.grant(email) : await service.revoke(email);
    } catch (err) {
      if (err instanceof DomainError) failCommand(err.message);
      throw err;
    } finally {
      await database.close();
    }
  }
  const done = verb === 'grant' ? 'is an organizer' : 'is no longer an organizer';
  const already = verb === 'grant' ? 'was an organizer already' : 'was not an organizer';
  console.log(`${answer.email} ${answer.changed ? done : already}.`);
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
