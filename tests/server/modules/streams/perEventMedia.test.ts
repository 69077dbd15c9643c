// @databases postgres: its outcome does not depend on the kind of database
import { demoFreeStreams } from '../../../../src/server/db/seed/demoStreams';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { EVENT_FACTS_TTL_MS, MEDIA_MESSAGES } from '../../../../src/server/modules/streams/protectedMedia';
import { createMediaSigner, viewerTag } from '../../../../src/server/modules/streams/urlSigner';
import { configData, signedParts, streamsTestApp, withGrant, withParts, type StreamsTestApp } from './streamsFixture';

/**
 * The audit's second finding: a guest's signed URL for a free event opened the folders of a premium
 * event that shared them. A URL opens a folder only for its event, and only a folder that event's
 * stream config names; the importer keeps free and premium events apart (streamCatalogImport.test.ts).
 */
let x: StreamsTestApp;
let signer: ReturnType<typeof createMediaSigner>;
beforeAll(async () => {
  x = await streamsTestApp();
  signer = createMediaSigner(deriveKeys(x.t.config.jwtSecret).mediaSigning);
});
afterAll(() => x.t.close());

const refusal = async (url: string) => {
  const res = await x.s.media(url);
  return [res.statusCode, res.json().message];
};
/** A URL signed as the server signs one, for any folder and event (what a leaked or outdated signature would be). */
const signedFor = (dir: string, e: number, file = 'index.m3u8') =>
  signer.url(`streams/${dir}`, file, {
    e,
    v: viewerTag({ kind: 'guest', guestId: 'audit-guest' }),
    exp: Math.floor(x.clock.now() / 1000) + 600,
  });

it("a free event's guest URL, signed for a premium-only folder with the free event in it: 403, for the playlist and its segments", async () => {
  const free = x.ids['str-free']!;
  // Control: signed the same way for a folder of the free event's own, it plays.
  expect((await x.s.media(signedFor('free-angle-1', free))).statusCode).toBe(200);
  expect(await refusal(signedFor('angle-1', free))).toEqual([403, MEDIA_MESSAGES.invalid]);
  expect(await refusal(signedFor('angle-1', free, 'v270_000.ts'))).toEqual([403, MEDIA_MESSAGES.invalid]);
  expect(await refusal(signedFor('program', free))).toEqual([403, MEDIA_MESSAGES.invalid]);
  // Nor the premium event's live folders: a feed's folder names its event, which must be the URL's.
  const live = signer.url(`live/e${x.ids['str-live-premium']}/a1`, 'index.m3u8', {
    e: free,
    v: viewerTag({ kind: 'guest', guestId: 'audit-guest' }),
    exp: Math.floor(x.clock.now() / 1000) + 600,
  });
  expect(await refusal(live)).toEqual([403, MEDIA_MESSAGES.invalid]);
});

it('the same URL with its event rewritten to the premium one: 403 (the event is inside the signature)', async () => {
  const url = signedFor('angle-1', x.ids['str-free']!);
  expect(await refusal(withGrant(url, { e: x.ids['str-premium']! }))).toEqual([403, MEDIA_MESSAGES.invalid]);
  // And a real guest URL of the free event, moved to the premium folder or given the premium event.
  const guestUrl = configData((await x.s.config(await x.d.guest(), 'str-free')).json()).streamUrls[0]!.url;
  expect(signedParts(guestUrl).dir).toBe('streams/free-angle-1');
  expect((await x.s.media(guestUrl)).statusCode).toBe(200);
  expect(await refusal(withParts(guestUrl, { dir: 'streams/angle-1' }))).toEqual([403, MEDIA_MESSAGES.invalid]);
  expect(await refusal(withGrant(guestUrl, { e: x.ids['str-premium']! }))).toEqual([403, MEDIA_MESSAGES.invalid]);
});

it(`an import that takes a folder from an event is obeyed within ${EVENT_FACTS_TTL_MS / 1000} s by every URL signed before it`, async () => {
  const guest = await x.d.guest();
  const url = configData((await x.s.config(guest, 'str-free')).json()).streamUrls[8]!.url;
  expect(signedParts(url).dir).toBe('streams/free-angle-9');
  expect((await x.s.media(url)).statusCode).toBe(200);
  // The organizer drops the ninth angle.
  await importCatalog(x.t.database.db, {
    events: [
      {
        path: 'str-free',
        title: 'Free show',
        streams: { ...demoFreeStreams, streamUrls: demoFreeStreams.streamUrls.slice(0, 8) },
      },
    ],
  });
  x.clock.advance(EVENT_FACTS_TTL_MS - 1);
  expect((await x.s.media(url)).statusCode).toBe(200);
  x.clock.advance(1);
  expect(await refusal(url)).toEqual([403, MEDIA_MESSAGES.invalid]);
  // The folders it keeps still play.
  expect(
    (await x.s.media(configData((await x.s.config(guest, 'str-free')).json()).streamUrls[0]!.url)).statusCode,
  ).toBe(200);
});
