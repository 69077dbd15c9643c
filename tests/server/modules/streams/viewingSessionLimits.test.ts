// @databases postgres: its outcome does not depend on the kind of database
import { ConfigError } from '../../../../src/server/config';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { testClock } from '../../../utils/clock';
import { testConfig } from '../../../utils/testConfig';
import { sessionIdOf, ticketHolder, viewingTestApp } from './viewingSessionFixture';

/** DEVICE_LIMIT and VIEWING_HEARTBEAT_SECONDS: read, checked, and obeyed; opens and refusals logged without tokens. */
describe('configuration', () => {
  it('defaults to 2 devices and a 30-second heartbeat', () => {
    expect(testConfig().viewing).toEqual({ deviceLimit: 2, heartbeatSeconds: 30 });
    expect(testConfig({ DEVICE_LIMIT: '20', VIEWING_HEARTBEAT_SECONDS: '5' }).viewing).toEqual({
      deviceLimit: 20,
      heartbeatSeconds: 5,
    });
  });

  it.each([
    ['DEVICE_LIMIT', '0', 'DEVICE_LIMIT: must be 1–20'],
    ['DEVICE_LIMIT', '21', 'DEVICE_LIMIT: must be 1–20'],
    ['DEVICE_LIMIT', '2.5', 'DEVICE_LIMIT: must be a whole number'],
    ['DEVICE_LIMIT', 'two', 'DEVICE_LIMIT: must be a number'],
    ['VIEWING_HEARTBEAT_SECONDS', '4', 'VIEWING_HEARTBEAT_SECONDS: must be 5–300'],
    ['VIEWING_HEARTBEAT_SECONDS', '301', 'VIEWING_HEARTBEAT_SECONDS: must be 5–300'],
  ])('%s=%s stops the server: "%s"', (name, value, problem) => {
    let problems: string[] = [];
    try {
      testConfig({ [name]: value });
    } catch (err) {
      if (err instanceof ConfigError) problems = err.problems;
    }
    expect(problems).toEqual([problem]);
  });
});

describe('DEVICE_LIMIT=1 with a 10-second heartbeat, logging at info', () => {
  const clock = testClock();
  const lines: string[] = [];
  let s: Awaited<ReturnType<typeof viewingTestApp>>;
  beforeAll(async () => {
    s = await viewingTestApp({
      env: { DEVICE_LIMIT: '1', VIEWING_HEARTBEAT_SECONDS: '10', LOG_LEVEL: 'info' },
      deps: { now: clock.now, logStream: { write: (l) => lines.push(l) } },
    });
  });
  afterAll(() => s.t.close());

  it('a second device is refused, naming one device; silent for 20 s, the first frees its slot', async () => {
    const who = await ticketHolder(s.d, s.t.database.db, [s.ids['watch-premium']!]);
    const opened = await s.d.open(who, 'watch-premium');
    expect(opened.json().data).toMatchObject({ heartbeatSeconds: 10, deviceLimit: 1 });
    const first = sessionIdOf(opened);
    const refused = await s.d.open(who, 'watch-premium');
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This ticket is already playing on 1 device. Stop watching on one of them to watch here.',
    ]);
    clock.advance(19_000);
    expect((await s.d.open(who, 'watch-premium')).statusCode).toBe(409);
    clock.advance(1_000);
    expect((await s.d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect((await s.d.heartbeat(who, first)).json().message).toBe(STREAM_MESSAGES.sessionEnded);
  });

  it('logs each open and each refusal with the user and event, and never a token', async () => {
    const who = await ticketHolder(s.d, s.t.database.db, [s.ids['watch-premium']!], 'logged');
    const guest = await s.d.guest();
    const session = sessionIdOf(await s.d.open(who, 'watch-premium'));
    await s.d.open(who, 'watch-premium');
    await s.d.heartbeat(who, session);
    await s.d.open(guest, 'watch-free');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: 'viewing session opened',
        sessionId: session,
        userId: who.userId,
        eventId: s.ids['watch-premium'],
        open: 1,
        deviceLimit: 1,
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: 'viewing session refused: device limit reached',
        userId: who.userId,
        eventId: s.ids['watch-premium'],
        deviceLimit: 1,
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'viewing session opened (free event)', viewer: 'guest' }),
    );
    for (const token of [who.authorization!, guest.authorization!].map((a) => a.slice('Bearer '.length))) {
      expect(lines.filter((l) => l.includes(token) || l.includes(token.split('.')[2]!))).toEqual([]);
    }
  });
  it('logs a takeover with the session it closed, and never a token or a session key', async () => {
    const who = await ticketHolder(s.d, s.t.database.db, [s.ids['watch-premium']!], 'took-over');
    const old = sessionIdOf(await s.d.open(who, 'watch-premium'));
    const took = await s.d.takeover(who, 'watch-premium');
    const session = sessionIdOf(took);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: 'viewing session opened: took over the oldest device',
        sessionId: session,
        takenOver: [old],
        userId: who.userId,
        eventId: s.ids['watch-premium'],
        open: 1,
        deviceLimit: 1,
      }),
    );
    const secrets = [who.authorization!.slice('Bearer '.length), s.d.keyOf(old)!, took.json().data.sessionKey];
    expect(lines.filter((l) => secrets.some((secret) => l.includes(secret)))).toEqual([]);
  });
});

describe('DEVICE_LIMIT=3', () => {
  let s: Awaited<ReturnType<typeof viewingTestApp>>;
  beforeAll(async () => {
    s = await viewingTestApp({ env: { DEVICE_LIMIT: '3' } });
  });
  afterAll(() => s.t.close());

  it('three devices play, the fourth is refused naming three', async () => {
    const who = await ticketHolder(s.d, s.t.database.db, [s.ids['watch-premium']!]);
    for (let i = 0; i < 3; i += 1) expect((await s.d.open(who, 'watch-premium')).statusCode).toBe(201);
    const refused = await s.d.open(who, 'watch-premium');
    expect([refused.statusCode, refused.json().message]).toEqual([409, STREAM_MESSAGES.deviceLimit(3)]);
    expect(refused.json().message).toContain('on 3 devices');
  });
});
