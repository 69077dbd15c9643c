// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { MEDIA_MESSAGES } from '../../../../src/server/modules/streams/protectedMedia';
import { sessionStateCacheMs } from '../../../../src/server/modules/streams/viewingSessionGate';
import { giveOrder } from '../../../utils/cart';
import { configData, streamsTestApp, type StreamsTestApp, type Who } from './streamsFixture';
import { sessionIdOf } from './viewingSessionFixture';

/**
 * The bound on 'Watch here instead' (docs/decisions.md "Watching"): with one device allowed and a
 * 10-second heartbeat, the old device is told the show moved by its next heartbeat (at most one
 * interval after the takeover) and by its stream config at once; its media, whatever it does with
 * those answers, are refused within this server's session cache (≤ 5 s, less than an interval).
 */
const HEARTBEAT_S = 10;
let x: StreamsTestApp;
let fan: Who;
beforeAll(async () => {
  x = await streamsTestApp({ env: { DEVICE_LIMIT: '1', VIEWING_HEARTBEAT_SECONDS: String(HEARTBEAT_S) } });
  fan = await x.d.user('takeover-bound');
  await giveOrder(x.t.database.db, fan.userId!, [x.ids['str-premium']!]);
});
afterAll(() => x.t.close());

const v = () => x.s.sessions;
const answerOf = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

/** A device pressing play (or 'Watch here instead'): its session, and media URLs signed for it. */
async function play(how: 'open' | 'takeover') {
  const sessionId = sessionIdOf(await v()[how](fan, 'str-premium'));
  const res = await v().config(fan, 'str-premium', sessionId);
  expect(res.statusCode).toBe(200);
  const program = configData(res.json()).programcutUrl;
  return { sessionId, program, segment: program.replace('index.m3u8', 'seg_000.ts') };
}

it('the old device: its config says moved at once, its next heartbeat within one interval, its media stop within the cache period', async () => {
  const a = await play('open');
  // Device A is playing: this server has read its session (and trusts what it read for the cache period).
  expect((await x.s.media(a.segment)).statusCode).toBe(200);
  expect(answerOf(await v().open(fan, 'str-premium'))).toEqual([409, STREAM_MESSAGES.deviceLimit(1)]);

  x.clock.advance(3_000);
  const b = await play('takeover');
  expect((await x.s.media(b.segment)).statusCode).toBe(200);

  // A's stream config says why at once, to A only (the key's holder).
  expect(answerOf(await v().config(fan, 'str-premium', a.sessionId))).toEqual([409, STREAM_MESSAGES.movedAway]);
  expect(answerOf(await v().config(fan, 'str-premium', a.sessionId, v().keyOf(b.sessionId)))).toEqual([
    409,
    STREAM_MESSAGES.sessionEnded,
  ]);

  // A's media: this server read A's session before the takeover and trusts that for the cache period
  // at most; from then on every one of A's URLs is refused.
  const cacheMs = sessionStateCacheMs(HEARTBEAT_S);
  expect(cacheMs).toBe(5_000);
  x.clock.advance(cacheMs);
  for (const url of [a.program, a.segment])
    expect(answerOf(await x.s.media(url))).toEqual([403, MEDIA_MESSAGES.sessionEnded]);

  // A's next heartbeat, due at most one interval after the takeover, says the show moved.
  x.clock.advance(HEARTBEAT_S * 1000 - cacheMs);
  expect(answerOf(await v().heartbeat(fan, a.sessionId))).toEqual([409, STREAM_MESSAGES.movedAway]);
  expect((await v().heartbeat(fan, b.sessionId)).statusCode).toBe(200);
  expect((await x.s.media(b.segment)).statusCode).toBe(200);

  // A takes it back: B is the one told now, and A plays again.
  const back = await play('takeover');
  expect(answerOf(await v().heartbeat(fan, b.sessionId))).toEqual([409, STREAM_MESSAGES.movedAway]);
  x.clock.advance(cacheMs);
  expect(answerOf(await x.s.media(b.program))).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
  expect((await x.s.media(back.segment)).statusCode).toBe(200);
});
