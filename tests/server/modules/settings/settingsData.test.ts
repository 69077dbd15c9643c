// @databases both: smoke — the settings module: public settings read from their table
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ url: `/misc/data${query}` });
const filter = (value: unknown) =>
  `?filter=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;

describe('GET /misc/data', () => {
  it('answers the demo flag from the settings table as data[0].variableValue', async () => {
    const res = await get(filter({ key: ['demoUse'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Data found',
      data: [{ variableKey: 'demoUse', variableValue: 'true' }],
    });
  });

  it('follows a change in the settings table', async () => {
    await t.database.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'demoUse').execute();
    expect((await get(filter({ key: ['demoUse'] }))).json().data[0].variableValue).toBe('false');
    await t.database.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'demoUse').execute();
  });

  it('never exposes settings that are not public', async () => {
    await t.database.db.insertInto('settings').values({ key: 'internalNote', value: 'secret' }).execute();
    const res = await get(filter({ key: ['internalNote', 'demoUse'] }));
    expect(res.json().data).toEqual([{ variableKey: 'demoUse', variableValue: 'true' }]);
  });

  it('is not under /v1', async () => {
    const res = await t.app.inject({ url: `/v1/misc/data${filter({ key: ['demoUse'] })}` });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['no filter', '', /^Filter is required\.$/],
    ['filter that is not JSON', filter('{key:'), /^Filter must be valid JSON such as /],
    ['key of the wrong type', filter({ key: 'demoUse' }), /^Filter key must be a list\.$/],
    [
      'unknown field in the filter',
      filter({ key: ['demoUse'], extra: 1 }),
      /^Filter has a field we do not accept: extra\.$/,
    ],
    [
      'unknown query parameter',
      `${filter({ key: ['demoUse'] })}&sneaky=1`,
      /^The address has a field we do not accept: sneaky\.$/,
    ],
  ])('refuses %s with 400 naming the field', async (_name, query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null });
    expect(res.json().message).toMatch(message);
  });
});
