// @databases postgres: its outcome does not depend on the kind of database
import { AFTER_PURCHASE_DEFAULTS, AFTER_PURCHASE_MESSAGES } from '../../../../src/shared/contract/afterPurchase';
import { cartTestApp, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The event editor's 'After the purchase' settings (docs/decisions.md "After the purchase"): a new
 * event has the defaults, a save sets them, a save without them keeps them, a value out of bounds is
 * refused with its sentence and changes nothing, and a change is audited with before and after.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;

beforeAll(async () => {
  x = await cartTestApp();
  organizer = await x.d.user('settingsorganizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(() => x?.t.close());

const studio = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
let n = 0;
const form = (over: object = {}) => ({
  title: `After purchase ${(n += 1)}`,
  airDate: '2030-06-01T20:00',
  venueTimeZone: 'Europe/Paris',
  contentType: 'Live',
  isPremium: true,
  price: 10,
  ...over,
});
const SETTINGS = {
  cancelCutoffHours: 48,
  replayDays: 14,
  waitlistHoldMinutes: 45,
  guaranteeStartupSeconds: 20,
  guaranteeStallPercent: 2.5,
  guaranteeExtensionDays: 10,
};

describe("the event's after-the-purchase settings", () => {
  it('start at the documented defaults, are saved, and kept by a save that leaves them out', async () => {
    const created = (await studio('POST', '/events', form())).json().data;
    expect(created.afterPurchase).toEqual(AFTER_PURCHASE_DEFAULTS);
    const saved = await studio('PUT', `/events/${created.id}`, {
      ...form({ title: created.title }),
      version: created.version,
      afterPurchase: SETTINGS,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.afterPurchase).toEqual(SETTINGS);
    const row = await x.t.database.db
      .selectFrom('events')
      .select(['replay_days', 'guarantee_stall_percent', 'cancel_cutoff_hours'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ replay_days: 14, guarantee_stall_percent: 2.5, cancel_cutoff_hours: 48 });
    const again = await studio('PUT', `/events/${created.id}`, {
      ...form({ title: created.title }),
      version: saved.json().data.version,
    });
    expect(again.json().data.afterPurchase).toEqual(SETTINGS);
    // An empty replay window: the replay stays.
    const stays = await studio('PUT', `/events/${created.id}`, {
      ...form({ title: created.title }),
      version: again.json().data.version,
      afterPurchase: { ...SETTINGS, replayDays: null },
    });
    expect(stays.json().data.afterPurchase.replayDays).toBeNull();
    const audit = await x.t.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('subject_id', '=', String(created.id))
      .where('action', '=', 'event.update')
      .orderBy('id')
      .execute();
    const first = audit[0] as unknown as { before: { afterPurchase: object }; after: { afterPurchase: object } };
    expect(first.before.afterPurchase).toEqual(AFTER_PURCHASE_DEFAULTS);
    expect(first.after.afterPurchase).toEqual(SETTINGS);
  });

  it.each([
    ['cancelCutoffHours', 9000],
    ['cancelCutoffHours', 1.5],
    ['replayDays', 0],
    ['waitlistHoldMinutes', 2],
    ['guaranteeStartupSeconds', 700],
    ['guaranteeStallPercent', 0],
    ['guaranteeStallPercent', 101],
    ['guaranteeExtensionDays', 0],
  ] as const)('refuses %s = %s with its sentence, and changes nothing', async (key, value) => {
    const created = (await studio('POST', '/events', form())).json().data;
    const res = await studio('PUT', `/events/${created.id}`, {
      ...form({ title: created.title }),
      version: created.version,
      afterPurchase: { ...SETTINGS, [key]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(AFTER_PURCHASE_MESSAGES[key]);
    expect((await studio('GET', `/events/${created.id}`)).json().data.afterPurchase).toEqual(AFTER_PURCHASE_DEFAULTS);
  });
});
