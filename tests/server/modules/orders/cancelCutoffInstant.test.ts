// @databases postgres: its outcome does not depend on the kind of database
import { ORDER_MANAGE_MESSAGES as M, cancelCutoff } from '../../../../src/shared/contract/orderManage';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import type { Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';

/**
 * The fan's cancel cutoff at its very instant, on the server's own clock (injected): a millisecond
 * before it the order is cancelled; at it, and a millisecond after, it is refused naming the cutoff.
 * The order page (GET …/manage) says the same at each instant. One order per instant.
 */
const HOUR = 3600_000;
const clock = testClock(Math.floor(Date.now() / 1000) * 1000);
// The show airs 24 h and 10 minutes from now: its cutoff (24 h before) is 10 minutes away.
const airStart = new Date(clock.now() + 24 * HOUR + 10 * 60_000);
const cutoff = cancelCutoff(airStart, 24);
let x: SalesTestApp;
beforeAll(async () => {
  x = await salesTestApp({ now: clock.now });
  await importCatalog(x.db, {
    events: [
      {
        path: 'cutoff-live',
        title: 'Cutoff Live',
        isPremium: true,
        price: 9,
        contentType: 'Live',
        airStartDate: airStart.toISOString(),
      },
    ],
  });
  const row = await x.db.selectFrom('events').select('id').where('path', '=', 'cutoff-live').executeTakeFirstOrThrow();
  x.ids['cutoff-live'] = row.id;
}, 60_000);
afterAll(() => x?.t.close());

const call = (method: 'GET' | 'POST', url: string, who: Who) =>
  x.t.app.inject({
    method,
    url: `/v1/order${url}`,
    headers: { authorization: who.authorization! },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

/** A fan's own order of the show, bought now; cancelled (or not) at `at`. */
async function cancelAt(label: string, at: number) {
  const who = await x.buyer(['cutoff-live'], label);
  const order = await x.cardOrder(who);
  clock.set(at);
  const page = (await call('GET', `/${order.cartId}/manage`, who)).json().data.cancel;
  const res = await call('POST', `/${order.cartId}/cancel`, who);
  const status = (await x.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow())
    .status;
  return { page, answer: [res.statusCode, res.json().message], status };
}

describe('the cancel cutoff', () => {
  it('a millisecond before it: the order is cancelled', async () => {
    const r = await cancelAt('cutoffbefore', cutoff.getTime() - 1);
    expect(r.page).toEqual({ allowed: true, until: cutoff.toISOString(), reason: null });
    expect(r.answer[0]).toBe(200);
    expect(r.status).toBe('Cancelled');
  });

  it('at its very instant: refused, naming the cutoff', async () => {
    const r = await cancelAt('cutoffat', cutoff.getTime());
    expect(r.page).toEqual({ allowed: false, until: cutoff.toISOString(), reason: M.pastCutoff(cutoff) });
    expect(r.answer).toEqual([409, M.pastCutoff(cutoff)]);
    expect(r.status).toBe('Active');
  });

  it('a millisecond after it: refused, naming the cutoff', async () => {
    const r = await cancelAt('cutoffafter', cutoff.getTime() + 1);
    expect(r.page).toEqual({ allowed: false, until: cutoff.toISOString(), reason: M.pastCutoff(cutoff) });
    expect(r.answer).toEqual([409, M.pastCutoff(cutoff)]);
    expect(r.status).toBe('Active');
  });
});
