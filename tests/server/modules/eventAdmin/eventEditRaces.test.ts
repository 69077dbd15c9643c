// @databases postgres: a race needs concurrent sessions; PGlite has one
import type { Database } from '../../../../src/server/db/database';
import { createEventAdminService } from '../../../../src/server/modules/eventAdmin/service';
import type { EventAdminRepository } from '../../../../src/server/modules/eventAdmin/eventAdminRepository';
import type { OrganizerCaller } from '../../../../src/server/platform/callerIdentity';
import { STUDIO_EVENT_MESSAGES as M, studioEventFields } from '../../../../src/shared/contract/studioEvents';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';

/**
 * The console's events under organizers acting at once, on PostgreSQL (PGlite runs one statement at
 * a time, so nothing races there): of many saves of one form version, exactly one wins and the rest
 * hear the version sentence; many creates of one title get distinct paths. The control takes the
 * row lock out of the edit and shows several saves "winning" over each other (lost updates).
 */
const AT_ONCE = 12;
let database: Database;
let caller: OrganizerCaller;

beforeAll(async () => {
  database = await openRaceDatabase();
  const user = await database.db
    .insertInto('users')
    .values({ email: 'race-organizer@example.com', first_name: 'Race', last_name: 'Organizer', verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  caller = { kind: 'user', userId: user.id, email: 'race-organizer@example.com', name: 'Race', organizer: true };
});
afterAll(() => database.close());

const serviceWith = (change: (repo: EventAdminRepository) => Partial<EventAdminRepository> = () => ({})) =>
  createEventAdminService({ uow: unitOfWorkWith(database, 'eventAdmin', change), onCatalogChanged: () => {} });

const form = (title: string) =>
  studioEventFields.parse({ title, airDate: '2031-05-01T20:00', contentType: 'Live', isPremium: true, price: 10 });

async function saveRace(service: ReturnType<typeof serviceWith>, label: string) {
  const event = await service.create(caller, form(`Race ${label}`));
  const results = await Promise.allSettled(
    Array.from({ length: AT_ONCE }, (_, i) =>
      service.update(caller, event.id, { ...form(`Saved by ${i}`), version: event.version }),
    ),
  );
  const audits = await database.db
    .selectFrom('audit_log')
    .select('action')
    .where('subject_type', '=', 'event')
    .where('subject_id', '=', String(event.id))
    .where('action', '=', 'event.update')
    .execute();
  const stored = await database.db
    .selectFrom('events')
    .select(['title', 'version'])
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  return { results, audits, stored };
}

it(`${AT_ONCE} saves of one version at once: exactly one wins, the others hear the version sentence`, async () => {
  for (let round = 0; round < 3; round += 1) {
    const { results, audits, stored } = await saveRace(serviceWith(), `locked ${round}`);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual(Array(AT_ONCE - 1).fill(M.versionConflict));
    expect(audits).toHaveLength(1);
    expect(stored.version).toBe(2);
    expect(stored.title).toBe((won[0] as PromiseFulfilledResult<{ title: string }>).value.title);
  }
}, 60_000);

it('control: without the row lock, several saves of one version each overwrite the others', async () => {
  const unlocked = serviceWith((repo) => ({ lockById: (id: number) => repo.byId(id) }));
  let lostUpdates = 0;
  for (let round = 0; round < 5 && lostUpdates === 0; round += 1) {
    const { results, audits, stored } = await saveRace(unlocked, `unlocked ${round}`);
    const won = results.filter((r) => r.status === 'fulfilled').length;
    if (won > 1) {
      lostUpdates += won - 1;
      expect(audits.length).toBe(won);
      expect(stored.version).toBe(won + 1);
    }
  }
  expect(lostUpdates).toBeGreaterThan(0);
}, 60_000);

it(`${AT_ONCE} creates of one title at once get ${AT_ONCE} distinct paths`, async () => {
  const service = serviceWith();
  const created = await Promise.all(
    Array.from({ length: AT_ONCE }, () => service.create(caller, form('Same Night Everywhere'))),
  );
  const paths = created.map((e) => e.path).sort();
  expect(new Set(paths).size).toBe(AT_ONCE);
  expect(paths).toContain('same-night-everywhere');
  expect(paths).toContain(`same-night-everywhere-${AT_ONCE}`);
}, 60_000);
