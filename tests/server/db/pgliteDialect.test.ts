// @databases pglite: the PGlite dialect exists only on the embedded database
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from '../../../src/server/db/pglite-dialect';

/**
 * PGlite is one Postgres session. Without serialization, a statement from one request issued while
 * another request's transaction is open runs inside that transaction. The control shows the race on a
 * bare session; the test shows our dialect keeps the statement out.
 */
let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec('create table notes (body text not null)');
});
afterAll(() => pg.close());
beforeEach(() => pg.exec('delete from notes'));

const count = async () => (await pg.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n;
const tick = () => new Promise((r) => setTimeout(r, 20));

it('control: on a bare PGlite session a concurrent insert is lost with a rolled-back transaction', async () => {
  await pg.query('begin');
  await pg.query("insert into notes values ('inside the transaction')");
  const outsider = pg.query("insert into notes values ('another request')");
  await tick();
  await pg.query('rollback');
  await outsider;
  expect(await count()).toBe(0); // the other request's row went down with the rollback
});

it('the dialect keeps a concurrent statement out of an open transaction', async () => {
  const db = new Kysely<{ notes: { body: string } }>({ dialect: new PGliteDialect(pg) });
  let outsider: Promise<unknown> | undefined;
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'inside the transaction' }).execute();
      outsider = db.insertInto('notes').values({ body: 'another request' }).execute();
      await tick();
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  await outsider;
  const rows = await db.selectFrom('notes').select('body').execute();
  expect(rows).toEqual([{ body: 'another request' }]);
});

it('runs queued statements in order, each seeing the committed work before it', async () => {
  const db = new Kysely<{ notes: { body: string } }>({ dialect: new PGliteDialect(pg) });
  const work = Array.from({ length: 20 }, (_, i) =>
    i % 2 === 0
      ? db.transaction().execute((trx) =>
          trx
            .insertInto('notes')
            .values({ body: `t${i}` })
            .execute(),
        )
      : db
          .insertInto('notes')
          .values({ body: `s${i}` })
          .execute(),
  );
  await Promise.all(work);
  expect(await count()).toBe(20);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from notes`.execute(db);
  expect(rows[0]!.n).toBe(20);
});
