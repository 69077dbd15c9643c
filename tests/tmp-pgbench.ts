import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from '/work/main/src/server/db/pglite-dialect';
import { migrateToLatest } from '/work/main/src/server/db/migrate';
async function work(pg: PGlite) {
  const t = Date.now();
  await pg.exec('create table if not exists x (id serial primary key, a text, b int)');
  for (let i = 0; i < 1500; i++) {
    await pg.query('insert into x (a, b) values ($1, $2)', ['v' + i, i]);
    await pg.query('select * from x where b = $1', [i]);
  }
  return Date.now() - t;
}
(async () => {
  const shared = process.argv[2] === 'shared';
  const wasmModule = shared ? await WebAssembly.compile(fs.readFileSync('node_modules/@electric-sql/pglite/dist/pglite.wasm')) : undefined;
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    let t = Date.now();
    const pg = await PGlite.create(wasmModule ? { wasmModule } : {});
    const open = Date.now() - t;
    const db = new Kysely({ dialect: new PGliteDialect(pg) });
    t = Date.now();
    await migrateToLatest(db);
    const mig = Date.now() - t;
    const w = await work(pg);
    const c = process.cpuUsage(c0);
    console.log(shared ? 'shared' : 'fresh', 'open', open, 'migrate', mig, 'work', w, 'cpu', Math.round((c.user + c.system) / 1000));
    await pg.close();
  }
})();
