// @databases postgres: its outcome does not depend on the kind of database
import { createHash } from 'node:crypto';
import { MAX_ID } from '../../../../src/shared/contract/ids';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import {
  createMediaSigner,
  parseSignedMediaPath,
  premiumMediaUrlSeconds,
  SIGNED_MEDIA_PREFIX,
  viewerTag,
  type MediaGrant,
  type SignedMediaPath,
} from '../../../../src/server/modules/streams/urlSigner';
import { TEST_JWT_SECRET } from '../../../utils/testConfig';

/**
 * Media URLs in the form nginx's secure_link module checks:
 *   /media/signed/<md5>/<expires>/<grant>/<folder>/<file>, md5 = base64url(MD5("<expires>:<grant>:<folder>:<secret>"))
 * The edge (secure_link_md5 "$secure_link_expires:$grant:$dir:<secret>") and this server must agree
 * on every byte, so the digest is computed here from that formula alone, not through the signer.
 */
const secret = deriveKeys(TEST_JWT_SECRET).mediaSigning;
const signer = createMediaSigner(secret);
const SESSION = '6f1c1a52-8d0e-4a8b-9a51-0c2f3c1c7e11';
const EXP = 1_900_000_000;
const free: MediaGrant = { e: 12, v: 'u7', exp: EXP };
const premium: MediaGrant = { e: 12, v: 'gAbC_-123xyz', s: SESSION, exp: EXP };

/** What nginx computes: MD5 of the text, in base64url without padding (secure_link's form). */
const nginxMd5 = (text: string) =>
  createHash('md5').update(text, 'utf8').digest('base64').replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const wildcard = (url: string) => {
  expect(url.startsWith(SIGNED_MEDIA_PREFIX)).toBe(true);
  return url.slice(SIGNED_MEDIA_PREFIX.length);
};
const parsed = (url: string) => parseSignedMediaPath(wildcard(url))!;

describe('the signing secret', () => {
  it('is a text the edge can hold: 32 bytes in base64url, its own purpose (not the token key)', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(deriveKeys(TEST_JWT_SECRET).mediaSigning).toBe(secret);
    expect(deriveKeys(`${TEST_JWT_SECRET}x`).mediaSigning).not.toBe(secret);
    expect(deriveKeys(TEST_JWT_SECRET).ingestControl).not.toBe(secret);
  });
});

describe('a signed URL', () => {
  it.each([
    ['a free grant, on-demand folder', 'streams/angle-1', 'index.m3u8', free, 'e12.u7'],
    [
      'a premium grant, on-demand segment',
      'streams/free-angle-9',
      'v270_000.ts',
      premium,
      `e12.gAbC_-123xyz.${SESSION}`,
    ],
    ['a live feed', 'live/e12/a0', 'index.m3u8', premium, `e12.gAbC_-123xyz.${SESSION}`],
  ])(
    '%s: /media/signed/<md5 of "exp:grant:folder:secret">/<exp>/<grant>/<folder>/<file>',
    (_, dir, file, grant, text) => {
      const md5 = nginxMd5(`${EXP}:${text}:${dir}:${secret}`);
      expect(md5).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const url = signer.url(dir, file, grant);
      expect(url).toBe(`/media/signed/${md5}/${EXP}/${text}/${dir}/${file}`);
      expect(parsed(url)).toEqual({ grant, dir, file, sig: md5 });
      expect(signer.verify(parsed(url))).toBe(true);
    },
  );

  it('covers the folder, not the file: every file of a folder shares one prefix', () => {
    const master = signer.url('streams/angle-1', 'index.m3u8', premium);
    const segment = signer.url('streams/angle-1', 'v480_005.ts', premium);
    const prefix = master.slice(0, master.lastIndexOf('/') + 1);
    expect(segment).toBe(`${prefix}v480_005.ts`);
    expect(signer.verify(parsed(segment))).toBe(true);
  });

  it('is another signature under another secret', () => {
    const other = createMediaSigner(deriveKeys(`${TEST_JWT_SECRET}-other`).mediaSigning);
    const url = signer.url('streams/angle-1', 'index.m3u8', free);
    expect(other.url('streams/angle-1', 'index.m3u8', free)).not.toBe(url);
    expect(other.verify(parsed(url))).toBe(false);
  });
});

describe('verify is false when any signed part changes', () => {
  const url = signer.url('streams/angle-1', 'v270_000.ts', premium);
  const good = parsed(url);
  const changed = (change: Partial<SignedMediaPath> & { g?: Partial<MediaGrant> }): SignedMediaPath => {
    const { g, ...rest } = change;
    const grant = { ...good.grant, ...g };
    if (g && 's' in g && g.s === undefined) delete grant.s;
    return { ...good, ...rest, grant };
  };

  it('control: the parts as signed verify', () => {
    expect(signer.verify(good)).toBe(true);
  });

  it.each<[string, Partial<SignedMediaPath> & { g?: Partial<MediaGrant> }]>([
    ['the expiry, later', { g: { exp: EXP + 3600 } }],
    ['the expiry, earlier', { g: { exp: EXP - 1 } }],
    ['the event', { g: { e: 13 } }],
    ['the viewer tag', { g: { v: 'u8' } }],
    ['the viewer tag, a guest for a user', { g: { v: 'gAbC_-123xyZ' } }],
    ['the session, another one', { g: { s: '6f1c1a52-8d0e-4a8b-9a51-0c2f3c1c7e12' } }],
    ['the session, dropped', { g: { s: undefined } }],
    ['the folder, another angle', { dir: 'streams/angle-2' }],
    ['the folder, the free copy', { dir: 'streams/free-angle-1' }],
    ['the folder, a live feed', { dir: 'live/e12/a1' }],
    ['the signature, one character', { sig: `${good.sig[0] === 'A' ? 'B' : 'A'}${good.sig.slice(1)}` }],
    ['the signature, too short', { sig: good.sig.slice(0, 20) }],
    ['the signature, empty', { sig: '' }],
  ])('%s', (_, change) => {
    expect(signer.verify(changed(change))).toBe(false);
  });

  it("a session added to a free grant's URL", () => {
    const freeUrl = parsed(signer.url('streams/free-angle-1', 'index.m3u8', free));
    expect(signer.verify({ ...freeUrl, grant: { ...freeUrl.grant, s: SESSION } })).toBe(false);
  });

  it('a file moved to another folder, as the path of a request would move it', () => {
    const moved = parseSignedMediaPath(wildcard(url).replace('/streams/angle-1/', '/streams/angle-2/'))!;
    expect(moved).not.toBeNull();
    expect(signer.verify(moved)).toBe(false);
  });
});

describe('parseSignedMediaPath', () => {
  const sig = 'A'.repeat(22);
  const ok = `${sig}/${EXP}/e12.u7.${SESSION}/streams/angle-1/index.m3u8`;

  it('reads the parts of a well-formed path (the control for every refusal below)', () => {
    expect(parseSignedMediaPath(ok)).toEqual({
      grant: { e: 12, v: 'u7', s: SESSION, exp: EXP },
      dir: 'streams/angle-1',
      file: 'index.m3u8',
      sig,
    });
    expect(parseSignedMediaPath(`${sig}/${EXP}/e${MAX_ID}.u7/live/e${MAX_ID}/a9/v480_p12_00001.ts`)).toEqual({
      grant: { e: MAX_ID, v: 'u7', exp: EXP },
      dir: `live/e${MAX_ID}/a9`,
      file: 'v480_p12_00001.ts',
      sig,
    });
  });

  it.each([
    ['nothing', ''],
    ['the file alone', 'streams/angle-1/index.m3u8'],
    ['no signature', `${EXP}/e12.u7/streams/angle-1/index.m3u8`],
    ['a signature too short', ok.replace(sig, sig.slice(1))],
    ['a signature too long', ok.replace(sig, `${sig}A`)],
    ['a signature in base64, not base64url', ok.replace(sig, `${sig.slice(2)}+/`)],
    ['a padded signature', ok.replace(sig, `${sig.slice(2)}==`)],
    ['an expiry of 0', ok.replace(`/${EXP}/`, '/0/')],
    ['an expiry with a leading zero', ok.replace(`/${EXP}/`, `/0${EXP}/`)],
    ['an expiry of 13 digits', ok.replace(`/${EXP}/`, '/1234567890123/')],
    ['a negative expiry', ok.replace(`/${EXP}/`, `/-${EXP}/`)],
    ['no grant', ok.replace(`/e12.u7.${SESSION}/`, '/')],
    ['a grant without its event', ok.replace('/e12.', '/')],
    ['event 0', ok.replace('/e12.', '/e0.')],
    ['an event with a leading zero', ok.replace('/e12.', '/e012.')],
    [`an event above MAX_ID (${MAX_ID + 1})`, ok.replace('/e12.', `/e${MAX_ID + 1}.`)],
    ['an event of 11 digits', ok.replace('/e12.', '/e12345678901.')],
    ['a tag that is not a user or guest', ok.replace('.u7.', '.x7.')],
    ['a tag of one letter', ok.replace('.u7.', '.u.')],
    ['a tag of 42 characters', ok.replace('.u7.', `.g${'a'.repeat(41)}.`)],
    ['a tag with a %', ok.replace('.u7.', '.u7%2e.')],
    ['an uppercase session', ok.replace(SESSION, SESSION.toUpperCase())],
    ['a session that is no UUID', ok.replace(SESSION, 'not-a-session')],
    ['a fourth grant part', ok.replace(SESSION, `${SESSION}.x`)],
    ['a folder outside streams and live', ok.replace('/streams/angle-1/', '/posters/angle-1/')],
    ['streams itself', ok.replace('/streams/angle-1/', '/streams/')],
    ['a folder two deep', ok.replace('/streams/angle-1/', '/streams/angle-1/v1/')],
    ["streams' parent", ok.replace('/streams/angle-1/', '/streams/../')],
    ['a folder named ..', ok.replace('/streams/angle-1/', '/streams/../angle-1/')],
    ['a folder with a dot', ok.replace('/streams/angle-1/', '/streams/angle.1/')],
    ['a live feed without an angle', ok.replace('/streams/angle-1/', '/live/e12/')],
    ['a live angle of two digits', ok.replace('/streams/angle-1/', '/live/e12/a10/')],
    ['a live event 0', ok.replace('/streams/angle-1/', '/live/e0/a1/')],
    ['a file named ..', ok.replace('/index.m3u8', '/..')],
    ['a file up a level', ok.replace('/index.m3u8', '/../index.m3u8')],
    ['a file that is not a playlist or segment', ok.replace('/index.m3u8', '/package.json')],
    ['a file with two extensions', ok.replace('/index.m3u8', '/index.m3u8.ts')],
    ['a file with a NUL', ok.replace('/index.m3u8', '/index.m3u8\0.ts')],
    ['a file with a backslash', ok.replace('/index.m3u8', '/..\\index.m3u8')],
    ['a file with a %', ok.replace('/index.m3u8', '/%2e%2e.m3u8')],
    ['a trailing slash', `${ok}/`],
    ['a leading slash', `/${ok}`],
    ['a doubled slash', ok.replace('/streams/', '//streams/')],
    ['a query', `${ok}?x=1`],
  ])('refuses %s', (_, path) => {
    expect(parseSignedMediaPath(path)).toBeNull();
  });
});

describe('the parts a URL carries', () => {
  it("tags a viewer without a guest's id (a bearer's identity) and alike for one viewer", () => {
    expect(viewerTag({ kind: 'user', userId: 42, email: 'fan@example.test', name: 'Fan' })).toBe('u42');
    const guestId = 'b3d4c0de-0000-4000-8000-00000000abcd';
    const tag = viewerTag({ kind: 'guest', guestId });
    expect(tag).toMatch(/^g[A-Za-z0-9_-]{12}$/);
    expect(tag).not.toContain(guestId.slice(0, 8));
    expect(viewerTag({ kind: 'guest', guestId })).toBe(tag);
    expect(viewerTag({ kind: 'guest', guestId: `${guestId.slice(0, -1)}e` })).not.toBe(tag);
    // Every tag is one the parser takes.
    expect(
      parseSignedMediaPath(wildcard(signer.url('streams/a', 'index.m3u8', { e: 1, v: tag, exp: EXP }))),
    ).not.toBeNull();
  });

  it('lets a premium URL live two heartbeats', () => {
    expect(premiumMediaUrlSeconds(30)).toBe(60);
    expect(premiumMediaUrlSeconds(5)).toBe(10);
  });
});
