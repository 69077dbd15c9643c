// @databases postgres: its outcome does not depend on the kind of database
import sharp from 'sharp';
import { STUDIO_EVENT_LIMITS, STUDIO_EVENT_MESSAGES as M } from '../../../src/shared/contract/studioEvents';
import { cartTestApp, type Who } from '../../utils/cart';
import { grantOrganizer } from '../../utils/studio';
import { picture, pngDeclaring } from './imageFixture';

/**
 * What an upload route refuses before a decoder sees it, proved by watching sharp itself (every
 * call, and which of its readers ran) rather than by time: a file whose first bytes are not JPEG,
 * PNG or WebP never reaches sharp, whatever its Content-Type says; a picture declaring more pixels
 * than the limit has its header read and is never decoded.
 */
jest.mock('sharp', () => {
  const actual = jest.requireActual<typeof import('sharp').default>('sharp');
  const mockUses: string[] = [];
  const watched = (...args: Parameters<typeof actual>) => {
    const instance = actual(...args);
    mockUses.push(Buffer.isBuffer(args[0]) ? 'opened bytes' : 'opened other');
    for (const reader of ['metadata', 'toBuffer'] as const) {
      const original = instance[reader].bind(instance) as (...a: unknown[]) => unknown;
      (instance as unknown as Record<string, unknown>)[reader] = (...a: unknown[]) => {
        mockUses.push(reader);
        return original(...a);
      };
    }
    return instance;
  };
  return Object.assign(watched, actual, { mockUses });
});
/** What sharp was asked to do, in order, since the last `reset`. */
const sharpUses = (sharp as unknown as { mockUses: string[] }).mockUses;
const reset = () => sharpUses.splice(0);

let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;
beforeAll(async () => {
  x = await cartTestApp();
  organizer = await x.d.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(async () => {
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
    expect(sharpUses).toEqual(expect.arrayContaining(['opened bytes', 'metadata', 'toBuffer']));
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
