// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { MEDIA_MESSAGES } from '../../../../src/server/modules/streams/protectedMedia';
import { createMediaSigner } from '../../../../src/server/modules/streams/urlSigner';
import { sessionStateCacheMs } from '../../../../src/server/modules/streams/viewingSessionGate';
import { giveOrder } from '../../../utils/cart';
import {
  beside,
  configData,
  grantOf,
  streamsTestApp,
  uriLines,
  withGrant,
  type StreamsTestApp,
  type Who,
} from './streamsFixture';
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
});
/** A buyer of the show per case, both device slots free: one case's sessions never touch another's. */
beforeEach(async () => {
  buyer = await x.d.user('walk-around');
  await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
});
afterAll(() => x.t.close());

const v = () => x.s.sessions;
const answerOf = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const ENDED_CONFIG = [409, STREAM_MESSAGES.sessionEnded];
const ENDED_CALL = [404, STREAM_MESSAGES.sessionEnded];

/** A device's config for its session (as the player renews it): the program feed's URL and a segment beside it. */
async function signedFor(who: Who, sessionId: string) {
  const res = await v().config(who, 'str-premium', sessionId);
  expect(res.statusCode).toBe(200);
  const program = configData(res.json()).programcutUrl;
  return { program, segment: beside(program, 'seg_000.ts') };
}

/** A device pressing play: a session of its own, and the config signed for it. */
async function play(who: Who) {
  const sessionId = sessionIdOf(await v().open(who, 'str-premium'));
  return { sessionId, key: v().keyOf(sessionId)!, ...(await signedFor(who, sessionId)) };
}
const mediaAnswer = async (url: string) => {
  const res = await x.s.media(url);
  return [res.statusCode, res.statusCode === 200 ? null : res.json().message];
};

describe('a third device of the same account', () => {
  it("is refused with device 1's session id alone, or with another key, the answer of an ended session; device 1 with its key is answered", async () => {
    const device1 = await play(buyer);
    const device2 = await play(buyer);
    expect(answerOf(await v().open(buyer, 'str-premium'))).toEqual([409, STREAM_MESSAGES.deviceLimit(2)]);

    const borrowed = await v().config(buyer, 'str-premium', device1.sessionId, null);
    expect(answerOf(borrowed)).toEqual(ENDED_CONFIG);
    expect(borrowed.body).not.toContain('/media/');
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
  it('work while the session is open, for anyone holding them, for two heartbeats; renewed, on and on (control)', async () => {
    const device = await play(buyer);
    expect(grantOf(device.program).s).toBe(device.sessionId);
    expect(await mediaAnswer(device.program)).toEqual([200, null]);
    expect(await mediaAnswer(device.segment)).toEqual([200, null]);
    // Kept by heartbeats, the session outlives two intervals; each URL lives two (the edge checks only
    // its signature), so the player renews them and the renewed ones play on.
    x.clock.advance(HEARTBEAT_MS);
    expect((await v().heartbeat(buyer, device.sessionId)).statusCode).toBe(200);
    expect(await mediaAnswer(device.segment)).toEqual([200, null]);
    x.clock.advance(HEARTBEAT_MS - 1000);
    expect(await mediaAnswer(device.segment)).toEqual([200, null]);
    x.clock.advance(1000);
    expect((await v().heartbeat(buyer, device.sessionId)).statusCode).toBe(200);
    expect(await mediaAnswer(device.segment)).toEqual([403, MEDIA_MESSAGES.expired]);
    let renewed = await signedFor(buyer, device.sessionId);
    expect(grantOf(renewed.segment).s).toBe(device.sessionId);
    for (let i = 0; i < 3; i += 1) {
      expect(await mediaAnswer(renewed.segment)).toEqual([200, null]);
      x.clock.advance(HEARTBEAT_MS);
      expect((await v().heartbeat(buyer, device.sessionId)).statusCode).toBe(200);
      renewed = await signedFor(buyer, device.sessionId);
    }
    expect(await mediaAnswer(renewed.program)).toEqual([200, null]);
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
    // Renewed after one interval without a heartbeat: these URLs would live past the silence.
    x.clock.advance(HEARTBEAT_MS);
    const renewed = await signedFor(buyer, device.sessionId);
    const copied = uriLines((await x.s.media(renewed.program)).body).map((uri) => beside(renewed.program, uri));
    x.clock.advance(HEARTBEAT_MS - 1000);
    expect(await mediaAnswer(copied[0]!)).toEqual([200, null]);
    x.clock.advance(1000);
    expect(await mediaAnswer(copied[0]!)).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
    expect(await mediaAnswer(renewed.program)).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
    expect((await x.s.media(device.program)).statusCode).toBe(403);
  });

  it('are refused without a session in the signature, even signed (as a URL signed before sessions were named)', async () => {
    const signer = createMediaSigner(deriveKeys(x.t.config.jwtSecret).mediaSigning);
    const exp = Math.floor(x.clock.now() / 1000) + 600;
    const url = signer.url('streams/program', 'index.m3u8', { e: x.ids['str-premium']!, v: `u${buyer.userId}`, exp });
    const res = await x.s.media(url);
    expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
  });

  it('cannot be moved to another session: the session is inside the signature', async () => {
    const device1 = await play(buyer);
    const device2 = await play(buyer);
    const moved = withGrant(device1.segment, { s: device2.sessionId });
    expect(moved).not.toBe(device1.segment);
    const res = await x.s.media(moved);
    expect([res.statusCode, res.json().message]).toEqual([403, MEDIA_MESSAGES.invalid]);
  });
});
