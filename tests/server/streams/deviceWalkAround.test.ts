import { STREAM_MESSAGES } from '../../../src/shared/contract/streams';
import { deriveKeys } from '../../../src/server/modules/auth/keys';
import { MEDIA_MESSAGES } from '../../../src/server/modules/streams/protectedMedia';
import { createMediaSigner } from '../../../src/server/modules/streams/urlSigner';
import { sessionStateCacheMs } from '../../../src/server/modules/streams/viewingSessionGate';
import { giveOrder } from '../../utils/cart';
import { configData, streamsTestApp, uriLines, type StreamsTestApp, type Who } from './streamsFixture';
import { sessionIdOf } from './viewingSessionFixture';

/**
 * The audit's walk-around of the device limit: with both slots of a ticket taken, a third device of
 * the same account asked for the stream config with device 1's session id and got it, and anyone
 * with the signed playlist could play it. A session is now its opening device's (a key only it
 * holds), and a premium event's media URLs name the session and stop when it ends.
 */
let x: StreamsTestApp;
let buyer: Who;
const HEARTBEAT_MS = 30_000;
beforeAll(async () => {
  x = await streamsTestApp();
  buyer = await x.d.user('walk-around');
  await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
});
afterAll(() => x.t.close());

const v = () => x.s.sessions;
const answerOf = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const ENDED_CONFIG = [409, STREAM_MESSAGES.sessionEnded];
const ENDED_CALL = [404, STREAM_MESSAGES.sessionEnded];

/** A device pressing play: a session of its own, and the config signed for it. */
async function play(who: Who) {
  const sessionId = sessionIdOf(await v().open(who, 'str-premium'));
  const res = await v().config(who, 'str-premium', sessionId);
  expect(res.statusCode).toBe(200);
  const program = configData(res.json()).programcutUrl;
  return { sessionId, key: v().keyOf(sessionId)!, program, segment: program.replace('index.m3u8', 'seg_000.ts') };
}

/** Ends every open session of the buyer, so each test starts with both slots free. */
afterEach(async () => {
  await x.t.database.db
    .updateTable('viewing_sessions')
    .set({ closed_at: new Date(x.clock.now()) })
    .where('user_id', '=', buyer.userId!)
    .execute();
});

describe('a third device of the same account', () => {
  it("is refused with device 1's session id alone, or with another key, the answer of an ended session; device 1 with its key is answered", async () => {
    const device1 = await play(buyer);
    const device2 = await play(buyer);
    expect(answerOf(await v().open(buyer, 'str-premium'))).toEqual([409, STREAM_MESSAGES.deviceLimit(2)]);

    const borrowed = await v().config(buyer, 'str-premium', device1.sessionId, null);
    expect(answerOf(borrowed)).toEqual(ENDED_CONFIG);
    expect(borrowed.body).not.toContain('/media/streams');
    expect(answerOf(await v().config(buyer, 'str-premium', device1.sessionId, device2.key))).toEqual(ENDED_CONFIG);
    expect(answerOf(await v().config(buyer, 'str-premium', device1.sessionId, 'A'.repeat(43)))).toEqual(ENDED_CONFIG);
    // Nothing leaks: a closed session answers exactly the same.
    expect((await v().close(buyer, device2.sessionId)).statusCode).toBe(200);
    const closed = await v().config(buyer, 'str-premium', device2.sessionId);
    expect([closed.statusCode, closed.json()]).toEqual([
      borrowed.statusCode,
      { ...borrowed.json(), requestId: closed.json().requestId },
    ]);

    // Control: the device that opened the session, with its key.
    expect((await v().config(buyer, 'str-premium', device1.sessionId, device1.key)).statusCode).toBe(200);
  });

  it("cannot keep or close device 1's session without its key; device 1 still can", async () => {
    const device1 = await play(buyer);
    const device2 = await play(buyer);
    for (const key of [null, device2.key, 'A'.repeat(43), `${device1.key.slice(0, 42)}x`]) {
      expect(answerOf(await v().heartbeat(buyer, device1.sessionId, key))).toEqual(ENDED_CALL);
      expect(answerOf(await v().close(buyer, device1.sessionId, key))).toEqual(ENDED_CALL);
    }
    const row = await x.t.database.db
      .selectFrom('viewing_sessions')
      .select(['closed_at', 'last_seen_at'])
      .where('id', '=', device1.sessionId)
      .executeTakeFirstOrThrow();
    expect(row.closed_at).toBeNull();
    expect((await v().heartbeat(buyer, device1.sessionId)).statusCode).toBe(200);
    expect((await v().close(buyer, device1.sessionId)).statusCode).toBe(200);
  });
});

describe("a premium event's media URLs live as long as their viewing session", () => {
  it('work while the session is open, for anyone holding them (control)', async () => {
    const device = await play(buyer);
    expect(device.program).toMatch(new RegExp(`&s=${device.sessionId}&`));
    expect((await x.s.media(device.program)).statusCode).toBe(200);
    expect((await x.s.media(device.segment)).statusCode).toBe(200);
    // Kept by heartbeats, they outlive two intervals.
    for (let i = 0; i < 3; i += 1) {
      x.clock.advance(HEARTBEAT_MS);
      expect((await v().heartbeat(buyer, device.sessionId)).statusCode).toBe(200);
    }
    expect((await x.s.media(device.segment)).statusCode).toBe(200);
  });

  it('stop once it is closed: at once when this server has not looked yet, within one heartbeat interval when it has', async () => {
    const looked = await play(buyer);
    const unseen = await play(buyer);
    expect((await x.s.media(looked.segment)).statusCode).toBe(200);
    expect((await v().close(buyer, looked.sessionId)).statusCode).toBe(200);
    expect((await v().close(buyer, unseen.sessionId)).statusCode).toBe(200);

    for (const url of [unseen.program, unseen.segment]) {
      const res = await x.s.media(url);
      expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
    }
    // What this server read of the session is trusted for less than one heartbeat interval.
    const cacheMs = sessionStateCacheMs(x.t.config.viewing.heartbeatSeconds);
    expect(cacheMs).toBeLessThan(HEARTBEAT_MS);
    x.clock.advance(cacheMs);
    for (const url of [looked.program, looked.segment]) {
      const res = await x.s.media(url);
      expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
    }
  });

  it('stop when the session goes silent (twice the heartbeat interval), and a copied playlist with them', async () => {
    const device = await play(buyer);
    const copied = uriLines((await x.s.media(device.program)).body).map((uri) => `/media/streams/program/${uri}`);
    x.clock.advance(2 * HEARTBEAT_MS - 1000);
    expect((await x.s.media(copied[0]!)).statusCode).toBe(200);
    x.clock.advance(1000);
    const res = await x.s.media(copied[0]!);
    expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
    expect((await x.s.media(device.program)).statusCode).toBe(403);
  });

  it('are refused without a session in the signature, even signed (as a URL signed before sessions were named)', async () => {
    const signer = createMediaSigner(deriveKeys(x.t.config.jwtSecret).mediaSigning);
    const exp = Math.floor(x.clock.now() / 1000) + 600;
    const url = `/media/streams/program/index.m3u8?${signer.query('program', { e: x.ids['str-premium']!, v: `u${buyer.userId}`, exp })}`;
    const res = await x.s.media(url);
    expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
  });

  it('cannot be moved to another session: the session is inside the signature', async () => {
    const device1 = await play(buyer);
    const device2 = await play(buyer);
    const moved = device1.segment.replace(`s=${device1.sessionId}`, `s=${device2.sessionId}`);
    expect(moved).not.toBe(device1.segment);
    const res = await x.s.media(moved);
    expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.invalid]);
  });
});
