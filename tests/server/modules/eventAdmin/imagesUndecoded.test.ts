// @databases postgres: its outcome does not depend on the kind of database
import sharp from 'sharp';
import { STUDIO_EVENT_LIMITS, STUDIO_EVENT_MESSAGES as M } from '../../../../src/shared/contract/studioEvents';
import { cartTestApp, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';
import { picture, pngDeclaring } from './imageFixture';

/**
 * What an upload route refuses before a decoder sees it, proved by watching sharp itself (which of
 * its readers ran) rather than by time: a file whose first bytes are not JPEG,
 * PNG or WebP never reaches sharp, whatever its Content-Type says; a picture declaring more pixels
 * than the limit has its header read and is never decoded.
 */
type Reader = 'metadata' | 'toBuffer';
/** What sharp was asked to read, in order, since the last `reset`: its readers, watched on its prototype. */
const sharpUses: Reader[] = [];
const reset = () => sharpUses.splice(0);
const watch = (reader: Reader) => {
  const original = sharp.prototype[reader] as (...a: unknown[]) => unknown;
  jest.spyOn(sharp.prototype, reader).mockImplementation(function (this: unknown, ...a: unknown[]) {
    sharpUses.push(reader);
    return original.apply(this, a);
  } as never);
};

let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;
beforeAll(async () => {
  watch('metadata');
  watch('toBuffer');
  x = await cartTestApp();
  organizer = await x.d.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(async () => {
  // The spies go with this file: sharp is one module for every file a worker runs.
  jest.restoreAllMocks();
  await x?.t.close();
});

const upload = (body: Buffer, contentType: string) =>
  x.t.app.inject({
    method: 'POST',
    url: '/v1/studio/images?kind=poster',
    headers: { authorization: organizer.authorization!, 'content-type': contentType },
    payload: body,
  });
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

describe('an upload refused before any decoder', () => {
  it('a real picture is opened by sharp: the watch sees it (so its silence below means something)', async () => {
    const png = await picture(64, 64).png().toBuffer();
    reset();
    expect((await upload(png, 'image/png')).statusCode).toBe(201);
    expect(sharpUses).toEqual(expect.arrayContaining(['metadata', 'toBuffer']));
  });

  it.each([
    ['a GIF', 'image/gif', () => picture(20, 20).gif().toBuffer()],
    ['a TIFF', 'image/jpeg', () => picture(20, 20).tiff().toBuffer()],
    ['an AVIF (HEIF)', 'image/webp', () => picture(20, 20).avif().toBuffer()],
  ])('%s sent as %s never reaches sharp', async (_format, type, make) => {
    const bytes = await make();
    reset();
    expect(answer(await upload(bytes, type))).toEqual([400, M.imageType]);
    expect(sharpUses).toEqual([]);
  });

  it('a decompression bomb has its header read and is never decoded', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    reset();
    expect(answer(await upload(bomb, 'image/png'))).toEqual([400, M.imageTooManyPixels]);
    expect(sharpUses).not.toContain('toBuffer');
  });

  it('a picture just over the pixel limit is never decoded either', async () => {
    const side = Math.ceil(Math.sqrt(STUDIO_EVENT_LIMITS.imagePixels)) + 1;
    const over = pngDeclaring(side, side);
    reset();
    expect(answer(await upload(over, 'image/png'))).toEqual([400, M.imageTooManyPixels]);
    expect(sharpUses).not.toContain('toBuffer');
  });
});
