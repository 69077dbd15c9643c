// @databases both: smoke — the calendar module: its sequence and holders read
import { cartTestApp, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { parseCalendar } from '../../../utils/icalendar';
import { grantOrganizer } from '../../../utils/studio';

/**
 * Calendar files: an event's .ics read back by a standard parser (ical.js), the
 * order confirmation's attachment, and the update every ticket holder gets when the organizer moves
 * the air date (same UID, higher SEQUENCE), and nothing when anything else changes.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let c: ReturnType<typeof checkoutDriver>;
let organizer: Who;
let subscriptionId: number;
let categoryId: number;

type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

/** The announcements that have finished, in order (the service's last log line of each). */
const announced: { eventId: number }[] = [];
let onAnnounced: (() => void)[] = [];
/** Reads the server's log lines: an announcement's own says it has sent every mail it will. */
const logStream = {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; eventId?: number };
    if (entry.msg !== 'schedule change announced') return;
    announced.push({ eventId: entry.eventId! });
    const waiting = onAnnounced;
    onAnnounced = [];
    for (const wake of waiting) wake();
  },
};
/** Resolves once `count` announcements of this event have finished (no timer: the log line wakes it). */
async function announcementsDone(eventId: number, count = 1): Promise<void> {
  while (announced.filter((a) => a.eventId === eventId).length < count)
    await new Promise<void>((wake) => onAnnounced.push(wake));
}

beforeAll(async () => {
  x = await cartTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream } });
  c = checkoutDriver(x.t.app, x.t.config.jwtSecret);
  organizer = await x.d.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
  categoryId = (await studio('GET', '/categories')).json().data[0].id;
  subscriptionId = (await studio('GET', '/subscriptions')).json().data[0].id;
});
afterAll(async () => {
  await x?.t.close();
});

function studio(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
}
const ics = (id: number, headers: Record<string, string> = {}) =>
  x.t.app.inject({ url: `/v1/events/${id}/calendar.ics`, headers });
const mailbox = async (): Promise<OutboxMail[]> =>
  (await x.t.app.inject({ url: '/dev/mailbox.json', remoteAddress: '127.0.0.1' })).json();

let n = 0;
/** A premium live show in Paris: 20:00 on 1 June 2030 there is 18:00 UTC (CEST). */
const form = (over: object = {}) => ({
  title: `Calendar Night ${(n += 1)}`,
  label: 'Tour 2030',
  description: '<p>Music.</p>',
  venue: 'Le Trianon',
  location: 'Paris, France',
  airDate: '2030-06-01T20:00',
  venueTimeZone: 'Europe/Paris',
  contentType: 'Live',
  isPremium: true,
  price: 12,
  capacity: null,
  subscriptionId,
  categories: [{ categoryId, order: 1 }],
  slide: { enabled: false, description: '', imagePath: '' },
  posterPath: '/media/posters/midnight-brass-club.jpg',
  ...over,
});
async function publishedShow(over: object = {}) {
  const created = await studio('POST', '/events', form(over));
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  expect((await studio('POST', `/events/${id}/publish`)).statusCode).toBe(200);
  return (await studio('GET', `/events/${id}`)).json().data as { id: number; path: string; version: number };
}
/** A fan who bought the show with a coupon that takes it to $0 (a voucher order). */
async function fan(label: string, eventId: number): Promise<Who> {
  const who = await x.d.user(label);
  expect((await x.d.add(who, { asset_id: eventId })).statusCode).toBe(200);
  expect((await x.d.apply(who, { coupon_code: 'FIX100' })).statusCode).toBe(200);
  const order = await c.order(who, { paymentMethod: 'vouchers', amount: 0 });
  expect(order.statusCode).toBe(200);
  return who;
}
const emailOf = async (who: Who) =>
  (await x.t.database.db.selectFrom('users').select('email').where('id', '=', who.userId!).executeTakeFirstOrThrow())
    .email;
describe('GET /v1/events/{id}/calendar.ics', () => {
  it('answers one VEVENT a standard parser reads: stable UID, SEQUENCE, the start instant, the watch link', async () => {
    const show = await publishedShow();
    const res = await ics(show.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${show.path}.ics"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const parsed = parseCalendar(res.body);
    const watch = `${x.t.config.publicUrl}/events/${show.path}`;
    expect(parsed).toMatchObject({
      method: 'PUBLISH',
      uid: `event-${show.id}@allaccess.events`,
      sequence: 0,
      summary: expect.stringMatching(/^Calendar Night \d+$/),
      zone: 'Z',
      durationMinutes: x.t.config.streams.liveMinutes,
      url: watch,
    });
    expect(parsed.start.toISOString()).toBe('2030-06-01T18:00:00.000Z');
    expect(parsed.description).toContain(`Watch: ${watch}`);
    // New York time as every screen gives it, and the venue's own clock.
    expect(parsed.description).toContain('Jun 1, 2030, 2:00 PM EDT');
    expect(parsed.description).toContain('Jun 1, 2030, 8:00 PM GMT+2 at the venue');

    // The same event gives the same bytes: a cache asks again with the ETag and gets a 304.
    const again = await ics(show.id, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect((await ics(show.id)).body).toBe(res.body);
  });

  it('is a 404 with a sentence for an unknown id, a draft and an event without an air date', async () => {
    const unknown = await ics(999_999);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'No published event has this id.']);
    const draft = (await studio('POST', '/events', form())).json().data;
    expect((await ics(draft.id)).statusCode).toBe(404);
    const undated = await publishedShow({ contentType: 'VOD', airDate: null });
    const res = await ics(undated.id);
    expect([res.statusCode, res.json().message]).toEqual([
      404,
      'This event has no air date yet, so there is nothing to add to a calendar.',
    ]);
    expect((await x.t.app.inject({ url: '/v1/events/abc/calendar.ics' })).statusCode).toBe(400);
  });
});

describe('the order confirmation', () => {
  it('attaches the .ics of each live show with a date and links to its calendar file', async () => {
    const show = await publishedShow();
    const who = await fan('confirmed', show.id);
    const to = await emailOf(who);
    const confirmation = (await mailbox()).find((m) => m.subject.startsWith('Your AllAccess order') && m.to === to)!;
    expect(confirmation.text).toContain(`/events/${show.path}`);
    expect(confirmation.attachments).toHaveLength(1);
    const [file] = confirmation.attachments;
    expect(file).toMatchObject({
      filename: `${show.path}.ics`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    });
    const parsed = parseCalendar(file!.content);
    expect(parsed).toMatchObject({ uid: `event-${show.id}@allaccess.events`, sequence: 0 });
    expect(parsed.start.toISOString()).toBe('2030-06-01T18:00:00.000Z');
    const link = `${x.t.config.publicUrl}/v1/events/${show.id}/calendar.ics`;
    expect(confirmation.text).toContain(`Add to calendar: ${link}`);
    expect(confirmation.html).toContain(`href="${link}"`);
  });

  it('attaches nothing for an event without a show date', async () => {
    const who = await x.d.user('undated');
    const before = (await mailbox()).length;
    expect((await x.d.add(who, { asset_id: x.ids['cart-b']! })).statusCode).toBe(200);
    expect((await x.d.apply(who, { coupon_code: 'FIX100' })).statusCode).toBe(200);
    expect((await c.order(who, { paymentMethod: 'vouchers', amount: 0 })).statusCode).toBe(200);
    const mails = await mailbox();
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.attachments).toEqual([]);
    expect(mails[0]!.text).not.toContain('Add to calendar');
  });
});

describe('a new air date', () => {
  it('bumps SEQUENCE and mails each current holder once, with the same UID and a higher SEQUENCE', async () => {
    const show = await publishedShow();
    const [ann, bob, refunded, gave, receiver] = await Promise.all(
      ['ann', 'bob', 'refunded', 'gave', 'receiver'].map((l) => x.d.user(`holder-${l}`)),
    );
    for (const who of [ann!, bob!, refunded!, gave!]) {
      expect((await x.d.add(who, { asset_id: show.id })).statusCode).toBe(200);
      expect((await x.d.apply(who, { coupon_code: 'FIX100' })).statusCode).toBe(200);
      expect((await c.order(who, { paymentMethod: 'vouchers', amount: 0 })).statusCode).toBe(200);
    }
    const db = x.t.database.db;
    const orderOf = async (who: Who) =>
      (await db.selectFrom('orders').select('id').where('user_id', '=', who.userId!).executeTakeFirstOrThrow()).id;
    // One order refunded (no longer a holder); one ticket handed on: the receiver holds it through an order
    // of their own, the sender no longer does; and one handed to an address with no account yet.
    await db
      .updateTable('orders')
      .set({ status: 'Refunded' })
      .where('id', '=', await orderOf(refunded!))
      .execute();
    const gaveOrder = await orderOf(gave!);
    await db.updateTable('order_items').set({ transferred_at: new Date() }).where('order_id', '=', gaveOrder).execute();
    const received = await db
      .insertInto('orders')
      .values({
        order_ref: `TRF-${Date.now()}`,
        user_id: receiver!.userId!,
        payment_method: 'transfer',
        usage_type: 'Transfer',
        amount_cents: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('order_items').values({ order_id: received.id, event_id: show.id, price_cents: 0 }).execute();
    await db
      .insertInto('ticket_transfers')
      .values({
        order_id: gaveOrder,
        event_id: show.id,
        from_user_id: gave!.userId!,
        to_email: await emailOf(receiver!),
        to_user_id: receiver!.userId!,
        to_order_id: received.id,
      })
      .execute();
    // The refunded buyer had handed their ticket to an address with no account yet: an organizer's refund
    // of the buyer's order leaves it that address's, so it is told of the new date too.
    const later = `later-${Date.now()}@example.com`;
    await db
      .updateTable('order_items')
      .set({ transferred_at: new Date() })
      .where('order_id', '=', await orderOf(refunded!))
      .execute();
    await db
      .insertInto('ticket_transfers')
      .values({
        order_id: await orderOf(refunded!),
        event_id: show.id,
        from_user_id: refunded!.userId!,
        to_email: later,
      })
      .execute();
    const before = parseCalendar((await ics(show.id)).body);

    const saved = await studio('PUT', `/events/${show.id}`, {
      ...form({ title: (await studio('GET', `/events/${show.id}`)).json().data.title }),
      airDate: '2030-06-08T21:30',
      version: show.version,
    });
    expect(saved.statusCode).toBe(200);
    const title = saved.json().data.title as string;
    const subject = `The date of ${title} has changed`;
    // Every mail of the announcement is sent once its line is logged: nothing more can come of it.
    await announcementsDone(show.id);
    const all = (await mailbox()).filter((m) => m.subject === subject);
    const expected = [...(await Promise.all([ann!, bob!, receiver!].map(emailOf))), later];
    expect(all.map((m) => m.to).sort()).toEqual(expected.sort());
    for (const mail of all) {
      // 21:30 in Paris on 8 June 2030 is 19:30 UTC, 3:30 PM in New York (EDT).
      expect(mail.text).toContain('It now airs Jun 8, 2030, 3:30 PM EDT (Jun 8, 2030, 9:30 PM GMT+2 at the venue).');
      expect(mail.attachments).toHaveLength(1);
      const parsed = parseCalendar(mail.attachments[0]!.content);
      expect(parsed.uid).toBe(before.uid);
      expect(parsed.sequence).toBe(before.sequence + 1);
      expect(parsed.start.toISOString()).toBe('2030-06-08T19:30:00.000Z');
    }
    const after = parseCalendar((await ics(show.id)).body);
    expect([after.uid, after.sequence]).toEqual([before.uid, 1]);
  });

  it('sends nothing and keeps SEQUENCE when anything but the air date changes', async () => {
    const show = await publishedShow();
    const steady = await fan('steady', show.id);
    const current = (await studio('GET', `/events/${show.id}`)).json().data;
    const mailsBefore = (await mailbox()).length;
    const saved = await studio('PUT', `/events/${show.id}`, {
      ...form({ title: `${current.title} (new title)`, venue: 'Olympia' }),
      version: current.version,
    });
    expect(saved.statusCode).toBe(200);
    const parsed = parseCalendar((await ics(show.id)).body);
    expect(parsed.sequence).toBe(0);
    expect(parsed.summary).toBe(`${current.title} (new title)`);
    // A marker after it: a new date, whose mail is awaited. An announcement the first save had begun
    // (it would have begun before that save answered) is over by then: only the marker's mail came.
    const moved = await studio('PUT', `/events/${show.id}`, {
      ...form({ title: `${current.title} (new title)`, venue: 'Olympia', airDate: '2030-06-02T20:00' }),
      version: saved.json().data.version,
    });
    expect(moved.statusCode).toBe(200);
    const to = await emailOf(steady);
    const marker = 'It now airs Jun 2, 2030, 2:00 PM EDT';
    const markerSent = async () => (await mailbox()).some((m) => m.to === to && m.text.includes(marker));
    let done = 0;
    do await announcementsDone(show.id, (done += 1));
    while (!(await markerSent()));
    const mails = await mailbox(); // newest first
    const since = mails.slice(0, mails.length - mailsBefore);
    expect(since.map((m) => [m.to, m.subject, m.text.includes(marker)])).toEqual([
      [to, `The date of ${current.title} (new title) has changed`, true],
    ]);
    expect(announced.filter((a) => a.eventId === show.id)).toHaveLength(1);
  });

  it('a re-import with a new air date moves SEQUENCE on too', async () => {
    const { importCatalog } = await import('../../../../src/server/modules/catalog/importer');
    const event = { path: 'calendar-import', title: 'Calendar Import', isPremium: false };
    await importCatalog(x.t.database.db, { events: [{ ...event, airStartDate: '2030-01-01T20:00:00Z' }] });
    const id = (
      await x.t.database.db
        .selectFrom('events')
        .select('id')
        .where('path', '=', 'calendar-import')
        .executeTakeFirstOrThrow()
    ).id;
    const sequence = async () =>
      (
        await x.t.database.db
          .selectFrom('events')
          .select('schedule_sequence')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).schedule_sequence;
    await importCatalog(x.t.database.db, { events: [{ ...event, airStartDate: '2030-01-01T20:00:00Z' }] });
    expect(await sequence()).toBe(0);
    await importCatalog(x.t.database.db, { events: [{ ...event, airStartDate: '2030-01-02T20:00:00Z' }] });
    expect(await sequence()).toBe(1);
  });
});

describe('a mail that fails', () => {
  it('is logged and never thrown: the other holders still get theirs', async () => {
    const { createCalendarService } = await import('../../../../src/server/modules/calendar/service');
    const { createUnitOfWork } = await import('../../../../src/server/db/unitOfWork');
    const { createRepositories } = await import('../../../../src/server/repositories');
    const show = await publishedShow();
    const [first, second] = [await fan('fails', show.id), await fan('gets-it', show.id)];
    const failing = await emailOf(first);
    const sent: string[] = [];
    const errors: string[] = [];
    const log = { ...x.t.app.log, error: (_o: unknown, msg: string) => void errors.push(msg), info: () => {} };
    const service = createCalendarService({
      uow: createUnitOfWork(x.t.database.db, createRepositories),
      mailer: {
        kind: 'outbox',
        send: async (m) => {
          if (m.to === failing) throw new Error('SMTP is down');
          sent.push(m.to);
        },
        close: async () => {},
      },
      publicUrl: x.t.config.publicUrl,
      liveMinutes: 240,
      log: log as unknown as typeof x.t.app.log,
    });
    await expect(service.announceNewDate(show.id)).resolves.toBeUndefined();
    expect(sent).toEqual([await emailOf(second)]);
    expect(errors).toEqual(['schedule change mail failed']);
  });
});
