// @databases postgres: its outcome does not depend on the kind of database
import sharp from 'sharp';
import { STUDIO_EVENT_LIMITS, STUDIO_EVENT_MESSAGES as M } from '../../../../src/shared/contract/studioEvents';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createDecodeGate } from '../../../../src/server/modules/eventAdmin/decodeGate';
import { createImageService } from '../../../../src/server/modules/eventAdmin/imageService';
import { createRepositories } from '../../../../src/server/repositories';
import { uploadFormat } from '../../../../src/server/modules/eventAdmin/imageProcessing';
import { Unavailable } from '../../../../src/server/platform/domainErrors';
import { cartTestApp, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';
import { picture, pngDeclaring } from './imageFixture';

/**
 * Poster and slide uploads: checked by content whatever the Content-Type says,
 * resized to the storefront's sizes with their metadata stripped, stored in the database and served
 * as immutable; the wrong type, too large, a decompression bomb and SVG with a script are refused.
 */
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

const upload = (body: Buffer | string, contentType: string, kind = 'poster') =>
  x.t.app.inject({
    method: 'POST',
    url: `/v1/studio/images?kind=${kind}`,
    headers: { authorization: organizer.authorization!, 'content-type': contentType },
    payload: body,
  });

describe('POST /v1/studio/images', () => {
  it('resizes a poster to the storefront sizes, strips metadata, and serves it immutable', async () => {
    const withExif = await picture(1600, 900)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret camera owner', Make: 'SecretCam' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    // Sent with a lying Content-Type: the check is by content, and this is a real JPEG.
    const res = await upload(withExif, 'image/png');
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      kind: 'poster',
      path: expect.stringMatching(/^\/media\/uploads\/[\w-]{32}-1200x630\.jpg$/),
    });
    expect(data.sizes.map((s: { name: string; width: number; height: number }) => [s.name, s.width, s.height])).toEqual(
      [
        ['full', 1200, 630],
        ['card', 600, 315],
      ],
    );

    for (const size of data.sizes) {
      const served = await x.t.app.inject({ url: size.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', size.width, size.height, undefined]);
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
      const again = await x.t.app.inject({ url: size.path, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }

    // The same picture again: the same names (content hash), nothing new stored.
    const second = await upload(withExif, 'image/jpeg');
    expect(second.json().data.path).toBe(data.path);
    const audit = (
      await x.t.app.inject({
        url: '/v1/studio/audit?subjectType=image',
        headers: { authorization: organizer.authorization! },
      })
    ).json().data.entries;
    expect(audit[0]).toMatchObject({ action: 'image.upload', subjectId: data.path.split('/').pop() });
  });

  it('makes slide sizes from a PNG or a WebP', async () => {
    for (const [bytes, type] of [
      [await picture(640, 360).png().toBuffer(), 'image/png'],
      [await picture(640, 360).webp().toBuffer(), 'image/webp'],
    ] as const) {
      const res = await upload(bytes, type, 'slide');
      expect(res.statusCode).toBe(201);
      expect(res.json().data.sizes.map((s: { width: number }) => s.width)).toEqual([1920, 960]);
    }
  });

  const refused = async (body: Buffer | string, type: string, status: number, message: string | RegExp) => {
    const before = await x.t.database.db
      .selectFrom('uploaded_images')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await upload(body, type);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    const after = await x.t.database.db
      .selectFrom('uploaded_images')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  };

  it('refuses the wrong type, whatever the Content-Type says', async () => {
    await refused(await picture(100, 100).gif().toBuffer(), 'image/png', 400, M.imageType);
    await refused(await picture(100, 100).tiff().toBuffer(), 'image/jpeg', 400, M.imageType);
    await refused('just some text', 'image/jpeg', 400, M.imageType);
    await refused(Buffer.from('{"a":1}'), 'application/json', 400, M.imageType);
  });

  it('refuses a corrupt (truncated) JPEG', async () => {
    const whole = await picture(800, 600).jpeg().toBuffer();
    await refused(whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg', 400, M.imageType);
  });

  it('refuses SVG, with a script or sent as a PNG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await refused(svg, 'image/svg+xml', 400, M.imageSvg);
    await refused(svg, 'image/png', 400, M.imageSvg);
    await refused(`\uFEFF  <?xml version="1.0"?>${svg}`, 'image/jpeg', 400, M.imageSvg);
  });

  it('refuses a body over the size limit (413)', async () => {
    await refused(
      Buffer.alloc(STUDIO_EVENT_LIMITS.imageBytes + 1, 1),
      'image/jpeg',
      413,
      /too large: at most 10240 KB/,
    );
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngDeclaring(20_000, 20_000); // 400 megapixels in about a kilobyte
    expect(bomb.length).toBeLessThan(2048);
    // That no decoder ran is proved in imagesUndecoded.test.ts.
    await refused(bomb, 'image/png', 400, M.imageTooManyPixels);
    // Just over the limit: refused the same way.
    const side = Math.ceil(Math.sqrt(STUDIO_EVENT_LIMITS.imagePixels)) + 1;
    await refused(pngDeclaring(side, side), 'image/png', 400, M.imageTooManyPixels);
  });

  it('refuses an empty body and an unknown kind', async () => {
    const empty = await upload(Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    const kind = await upload(await picture(10, 10).png().toBuffer(), 'image/png', 'banner');
    expect(kind.statusCode).toBe(400);
  });
});

describe('GET /media/uploads/:name', () => {
  it('answers 404 for a name that is not stored, or not one of ours', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-1200x630.jpg', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await x.t.app.inject({ url: `/media/uploads/${name}` });
      expect([name, res.statusCode]).toEqual([name, 404]);
    }
  });
});

describe('uploads under load', () => {
  it('the format is read from the first bytes before any decoder sees them: only JPEG, PNG, WebP', () => {
    expect(uploadFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(uploadFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(uploadFormat(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(uploadFormat(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(uploadFormat(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(uploadFormat(Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBeNull(); // TIFF
    const heif = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63];
    expect(uploadFormat(Buffer.from(heif))).toBeNull();
    expect(uploadFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('refuses a GIF and a TIFF with the type sentence', async () => {
    const gif = await picture(20, 20).gif().toBuffer();
    const tiff = await picture(20, 20).tiff().toBuffer();
    for (const body of [gif, tiff]) {
      const res = await upload(body, 'image/png');
      expect([res.statusCode, res.json().message]).toEqual([400, M.imageType]);
    }
  });

  it('decodes a bounded number at once: past it, a 503 with a sentence, and the slot comes back', async () => {
    const gate = createDecodeGate(1);
    const release = gate.enter();
    expect(() => gate.enter()).toThrow(Unavailable);
    expect(() => gate.enter()).toThrow(M.imageBusy);
    release();
    release(); // twice changes nothing
    const again = gate.enter();
    expect(() => gate.enter()).toThrow(Unavailable);
    again();
  });

  it('the service takes a slot for each decode: a second upload while one decodes is a 503, after it one goes', async () => {
    const service = createImageService({
      uow: createUnitOfWork(x.t.database.db, createRepositories),
      decodesAtOnce: 1,
    });
    const me = {
      kind: 'user' as const,
      userId: organizer.userId!,
      email: 'o@example.com',
      name: 'O',
      organizer: true as const,
    };
    const png = await picture(800, 600).png().toBuffer();
    const first = service.upload(me, 'poster', png);
    await expect(service.upload(me, 'poster', png)).rejects.toThrow(M.imageBusy);
    expect((await first).sizes).toHaveLength(2);
    expect((await service.upload(me, 'poster', png)).sizes).toHaveLength(2);
  });

  it('limits uploads per organizer a minute (429), counted per caller', async () => {
    const busy = await x.d.user('busyorganizer');
    await grantOrganizer(x.t.database.db, busy.userId!);
    const max = x.t.config.limits.imageUploadsPerMinute;
    const send = (who: Who) =>
      x.t.app.inject({
        method: 'POST',
        url: '/v1/studio/images?kind=poster',
        headers: { authorization: who.authorization!, 'content-type': 'image/png' },
        payload: Buffer.from('not a picture'),
      });
    for (let i = 0; i < max; i += 1) expect((await send(busy)).statusCode).toBe(400);
    const limited = await send(busy);
    expect(limited.statusCode).toBe(429);
    expect((await send(organizer)).statusCode).toBe(400);
  });
});
