// @databases postgres: its outcome does not depend on the kind of database
import { CatalogFileError } from '../../../../src/server/modules/catalog/catalogFile';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createCouponAdminService } from '../../../../src/server/modules/couponAdmin/service';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createRepositories } from '../../../../src/server/repositories';
import { STUDIO_COUPON_MESSAGES as CM } from '../../../../src/shared/contract/studioCoupons';
import { STUDIO_EVENT_MESSAGES as M } from '../../../../src/shared/contract/studioEvents';
import { Invalid } from '../../../../src/server/platform/domainErrors';
import { cartTestApp, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The console's events, the cases a review of it found: a title of digits never makes an address the
 * storefront would read as an id (nor does an import), an event in a checkout that is paid or being
 * paid is not deleted, and a coupon naming an event deleted meanwhile is a 400, not a 500.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;
let shopper: Who;

beforeAll(async () => {
  x = await cartTestApp();
  organizer = await x.d.user('organizer');
  shopper = await x.d.user('shopper');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(async () => {
  await x?.t.close();
});

const studio = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
const db = () => x.t.database.db;

const form = (over: object = {}) => ({
  title: 'A show',
  label: '',
  description: '',
  venue: '',
  location: '',
  airDate: null,
  venueTimeZone: 'UTC',
  contentType: 'VOD',
  isPremium: false,
  price: null,
  capacity: null,
  subscriptionId: null,
  categories: [],
  slide: { enabled: false, description: '', imagePath: '' },
  posterPath: '',
  ...over,
});
async function create(over: object = {}) {
  const res = await studio('POST', '/events', form(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; path: string };
}

describe('an address from a title of digits', () => {
  it('is never all digits: "2046" becomes "event-2046", and the storefront finds it by that address', async () => {
    const a = await create({ title: '2046' });
    expect(a.path).toBe('event-2046');
    const b = await create({ title: '2046' });
    expect(b.path).toBe('event-2046-2');
    expect((await create({ title: '1 9 8 4' })).path).toBe('1-9-8-4');
    expect((await studio('POST', `/events/${a.id}/publish`)).statusCode).toBe(200);
    const page = await x.t.app.inject({ url: '/v1/asset/event-2046' });
    expect([page.statusCode, page.json().data[0].id]).toEqual([200, a.id]);
  });

  it('is refused in an import, with a sentence', async () => {
    let problems: string[] = [];
    try {
      await importCatalog(db(), { events: [{ path: '2047', title: 'Digits' }] });
    } catch (error) {
      if (!(error instanceof CatalogFileError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([
      'events[0].path: must not be only digits (the storefront would read it as an id): add a word, e.g. "event-2047"',
    ]);
  });
});

describe('deleting an event in a checkout', () => {
  it.each(['open', 'refund_pending'] as const)('is refused while a checkout for it is %s', async (status) => {
    const event = await create({ title: `In a checkout ${status}` });
    const other = await create({ title: `Beside it ${status}` });
    const cart = await db()
      .insertInto('carts')
      .values({ user_id: null, guest_id: `checkout-${status}`, token: `token-${status}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const checkout = await db()
      .insertInto('checkouts')
      .values({
        user_id: shopper.userId!,
        cart_id: cart.id,
        cart_version: 1,
        provider: 'sandbox',
        amount_cents: 500,
        lines: JSON.stringify([
          { eventId: other.id, priceCents: 0, paidCents: 0 },
          { eventId: event.id, priceCents: 500, paidCents: 500 },
        ]),
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await studio('DELETE', `/events/${event.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, M.deleteInCheckout]);
    expect((await studio('GET', `/events/${event.id}`)).statusCode).toBe(200);

    // Once the checkout is over (ordered here, its order then counts; refunded: nothing left), it goes.
    await db().updateTable('checkouts').set({ status: 'refunded' }).where('id', '=', checkout.id).execute();
    expect((await studio('DELETE', `/events/${event.id}`)).statusCode).toBe(200);
  });
});

describe('a coupon for an event deleted meanwhile', () => {
  it('is a 400 naming the event, and nothing is written', async () => {
    const event = await create({ title: 'Deleted under a coupon' });
    const real = createUnitOfWork(db(), createRepositories);
    // The event goes between the service's first look and its transaction.
    const uow: typeof real = {
      repos: real.repos,
      transaction: async (work) => {
        await db().deleteFrom('events').where('id', '=', event.id).execute();
        return real.transaction(work);
      },
    };
    const service = createCouponAdminService({ uow });
    const me = {
      kind: 'user' as const,
      userId: organizer.userId!,
      email: 'o@example.com',
      name: 'O',
      organizer: true as const,
    };
    const attempt = service.create(me, {
      code: 'GONEEVENT',
      kind: 'percent',
      percentOff: 10,
      amountOff: null,
      startsAt: null,
      expiresAt: null,
      maxRedemptions: null,
      perUserLimit: null,
      eventIds: [event.id],
    } as never);
    await expect(attempt).rejects.toThrow(Invalid);
    await expect(attempt).rejects.toThrow(CM.unknownEvents([event.id]));
    expect(await db().selectFrom('coupons').select('code').where('code', '=', 'GONEEVENT').executeTakeFirst()).toBe(
      undefined,
    );
  });
});
