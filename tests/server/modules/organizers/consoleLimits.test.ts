// @databases postgres: its outcome does not depend on the kind of database
import type { InjectOptions } from 'fastify';
import { cartTestApp, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The console's writes that make something new or reach every viewer are limited per organizer
 * (the identity in the token), as uploads are: creating events (and copies), creating coupons and
 * the live viewers' message. Past the limit a 429 in the envelope with a sentence; another organizer
 * keeps the whole budget. Calls the contract refuses never reach the count, so each call here is one
 * the service refuses (nothing is written) and still counts.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let other: Who;
let created: number;
beforeAll(async () => {
  x = await cartTestApp();
  other = await organizerNamed('other');
  created = (await sendAs(other, { method: 'POST', url: '/v1/studio/coupons', payload: coupon })).statusCode;
}, 60_000);
afterAll(() => x?.t.close());

async function organizerNamed(label: string): Promise<Who> {
  const who = await x.d.user(label);
  await grantOrganizer(x.t.database.db, who.userId!);
  return who;
}
const sendAs = (who: Who, call: InjectOptions) =>
  x.t.app.inject({ ...call, headers: { authorization: who.authorization! } });
/** A coupon the first call creates and every later one is refused (409: the code exists). */
const coupon = { code: 'LIMITED', kind: 'percent', percentOff: 10 };
const NO_EVENT = 999_999;
let busyOnes = 0;

/** `max` calls answer `status`, the next is a 429 with a sentence, and another organizer still gets `status`. */
async function limitedAt(max: number, call: InjectOptions, status: number) {
  const busy = await organizerNamed(`busy${(busyOnes += 1)}`);
  for (let i = 0; i < max; i += 1) expect((await sendAs(busy, call)).statusCode).toBe(status);
  const refused = await sendAs(busy, call);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({
    success: false,
    data: null,
    message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await sendAs(other, call)).statusCode).toBe(status);
}

it('limits creating coupons per organizer a minute', async () => {
  expect(created).toBe(200);
  await limitedAt(
    x.t.config.limits.consoleCreatesPerMinute,
    { method: 'POST', url: '/v1/studio/coupons', payload: coupon },
    409,
  );
});

it('limits creating events per organizer a minute', async () => {
  const unknownCategory = { title: 'Flood', categories: [{ categoryId: NO_EVENT, order: 0 }] };
  await limitedAt(
    x.t.config.limits.consoleCreatesPerMinute,
    { method: 'POST', url: '/v1/studio/events', payload: unknownCategory },
    400,
  );
});

it('limits copying events per organizer a minute', async () => {
  await limitedAt(
    x.t.config.limits.consoleCreatesPerMinute,
    { method: 'POST', url: `/v1/studio/events/${NO_EVENT}/duplicate` },
    404,
  );
});

it("limits the live viewers' message per organizer a minute", async () => {
  await limitedAt(
    x.t.config.limits.liveMessagesPerMinute,
    { method: 'POST', url: `/v1/studio/events/${NO_EVENT}/live/message`, payload: { message: 'Back soon' } },
    404,
  );
});
