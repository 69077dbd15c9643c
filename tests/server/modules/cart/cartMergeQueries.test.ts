// @databases postgres: its outcome does not depend on the kind of database
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createCartService, type CartService } from '../../../../src/server/modules/cart/service';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createRepositories } from '../../../../src/server/repositories';
import { cartTestApp, type Who } from '../../../utils/cart';
import { countQueries } from '../../../utils/queryCounter';
import type { TestApp } from '../../../utils/testApp';

/**
 * Signing in merges the guest's cart into the user's in one transaction that holds both carts'
 * locks: its statements are a fixed number whatever the guest cart holds, so a full cart keeps the
 * locks no longer than a cart of one.
 */
const MANY = 20;
let t: TestApp;
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
const paths = Array.from({ length: MANY }, (_, i) => `merge-count-${i}`);
const ids: Record<string, number> = {};
beforeAll(async () => {
  ({ t, d } = await cartTestApp());
  await importCatalog(t.database.db, {
    events: paths.map((path, i) => ({ path, title: `Merge ${i}`, isPremium: true, price: 10 + i })),
  });
  const rows = await t.database.db.selectFrom('events').select(['id', 'path']).where('path', 'in', paths).execute();
  for (const r of rows) ids[r.path] = r.id;
});
afterAll(() => t.close());

type Caller = Parameters<CartService['merge']>[0];
const callerOf = (who: Who): Caller => ({
  kind: 'user',
  userId: who.userId!,
  email: `${who.label}@example.com`,
  name: who.label,
});

/** Merges a guest cart of `n` events into a new user's that holds one other, and says what was sent. */
async function mergeOf(n: number) {
  const counter = countQueries(t.database.db);
  const service = createCartService({
    uow: createUnitOfWork(counter.db, createRepositories),
    limits: t.config.limits,
    liveMinutes: t.config.streams.liveMinutes,
    orderedCart: async () => null,
  });
  const [guest, user] = [await d.guest(), await d.user(`merge-${n}`)];
  for (const path of paths.slice(0, n)) expect((await d.add(guest, { asset_id: ids[path] })).statusCode).toBe(200);
  expect((await d.add(user, { asset_id: ids[paths[MANY - 1]!] })).statusCode).toBe(200);
  const token = (await d.get(guest)).json().data.cartToken as string;

  counter.take();
  const cart = await service.merge(callerOf(user), user.userId!, token);
  return { sent: counter.take(), items: cart.items.map((i) => i.assetId) };
}

it(`a guest cart of 1 event and one of ${MANY} merge in the same number of queries`, async () => {
  const one = await mergeOf(1);
  const many = await mergeOf(MANY);
  // The user's own line first, then the guest's (the one the user had already is not doubled).
  expect(one.items).toEqual([ids[paths[MANY - 1]!], ids[paths[0]!]]);
  expect(many.items).toEqual([ids[paths[MANY - 1]!], ...paths.slice(0, MANY - 1).map((p) => ids[p])]);
  expect(many.sent).toEqual(one.sent);
});
