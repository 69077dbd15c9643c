// @databases postgres: its outcome does not depend on the kind of database
import { ATTENDEE_CSV_COLUMNS, SALES_MESSAGES } from '../../../../src/shared/contract/studioSales';
import { neutralizeFormula } from '../../../../src/server/modules/sales/attendeesCsv';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';

/**
 * GET /v1/studio/events/:id/attendees.csv: every order of the event as a CSV attachment (written by
 * csv-stringify), refunded ones marked; a buyer's name or e-mail a spreadsheet would run as a
 * formula is written as text (a leading apostrophe).
 */
let x: SalesTestApp;
beforeAll(async () => {
  x = await salesTestApp();
}, 60_000);
afterAll(() => x?.t.close());

const csvOf = (path: string) => x.studio('GET', `/events/${x.ids[path]}/attendees.csv`);
/** The file's lines, after its byte order mark. */
const lines = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((l) => l !== '');
};

describe('the attendee CSV', () => {
  it('lists every order of the event with its buyer, time, price paid, coupon and status, as an attachment', async () => {
    const first = await x.buyer(['cart-b'], 'attendone', 'HALFB');
    const firstOrder = await x.cardOrder(first);
    const second = await x.buyer(['cart-b', 'cart-c'], 'attendtwo');
    const secondOrder = await x.cardOrder(second);
    expect((await x.studio('POST', `/orders/${secondOrder.id}/refund`)).statusCode).toBe(200);
    await x.cardOrder(await x.buyer(['cart-c'], 'otherevent'));

    const res = await csvOf('cart-b');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="attendees-event-${x.ids['cart-b']}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = lines(res.body);
    expect(rows[0]).toBe(ATTENDEE_CSV_COLUMNS.join(','));
    const bought = (
      await x.db
        .selectFrom('orders')
        .select(['id', 'created_at'])
        .where('id', 'in', [firstOrder.id, secondOrder.id])
        .orderBy('id')
        .execute()
    ).map((o) => new Date(o.created_at).toISOString());
    expect(rows.slice(1)).toEqual([
      `${firstOrder.orderId},Ada Lovelace,${await x.emailOf(first)},${bought[0]},12.75,HALFB,Active`,
      `${secondOrder.orderId},Ada Lovelace,${await x.emailOf(second)},${bought[1]},25.50,,Refunded`,
    ]);
  });

  it('writes a name a spreadsheet would run as a formula as text, and quotes what CSV must quote', async () => {
    const names = ['=HYPERLINK("http://evil.example","Click")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+2', '\r\n=3+4'];
    for (const [i, name] of names.entries()) {
      const who = await x.buyer(['cart-extra-0'], `formula${'abcdef'[i]}`);
      await x.db
        .updateTable('users')
        .set({ first_name: name, last_name: 'Smith, Jr.' })
        .where('id', '=', who.userId!)
        .execute();
      await x.cardOrder(who);
    }

    const res = await csvOf('cart-extra-0');

    expect(res.statusCode).toBe(200);
    // Each name cell starts with an apostrophe; quotes are doubled and cells with commas quoted (RFC 4180).
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") Smith, Jr."`);
    expect(res.body).toContain(`"'+1+1 Smith, Jr."`);
    expect(res.body).toContain(`"'-2+3 Smith, Jr."`);
    expect(res.body).toContain(`"'@SUM(A1:A2) Smith, Jr."`);
    // A leading tab or line break is trimmed off the name, and what it hid is neutralized too.
    expect(res.body).toContain(`"'=1+2 Smith, Jr."`);
    expect(res.body).toContain(`"'=3+4 Smith, Jr."`);
    // No cell of the file starts with a formula character.
    expect(res.body).not.toMatch(/(^|,|\r\n)"?[=+\-@]/);
  });

  it('neutralizes only what a spreadsheet runs', () => {
    expect(['=1', '+1', '-1', '@a', '\t=1', '\r=1'].map(neutralizeFormula)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\t=1",
      "'\r=1",
    ]);
    expect(['Ada', '12.50', 'a=b', '', "'quoted"].map(neutralizeFormula)).toEqual([
      'Ada',
      '12.50',
      'a=b',
      '',
      "'quoted",
    ]);
  });

  it('an event with no orders: the header alone; an unknown event 404; a malformed id 400; a shopper 403', async () => {
    expect(lines((await csvOf('cart-free')).body)).toEqual([ATTENDEE_CSV_COLUMNS.join(',')]);
    const missing = await x.studio('GET', '/events/2000000000/attendees.csv');
    expect([missing.statusCode, missing.json().message]).toEqual([404, SALES_MESSAGES.eventNotFound]);
    expect((await x.studio('GET', '/events/abc/attendees.csv')).statusCode).toBe(400);
    const shopper = await x.d.user('csvshopper');
    expect((await x.studio('GET', `/events/${x.ids['cart-b']}/attendees.csv`, shopper)).statusCode).toBe(403);
  });
});
