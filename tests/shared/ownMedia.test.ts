import fc from 'fast-check';
import { isOwnMediaPath, OWN_MEDIA_PATH, ownAbsoluteUrl } from '../../src/shared/ownMedia';

/**
 * A picture of this site (shared/ownMedia.ts): what the console and the catalog import accept as a
 * poster or slide, and what a page may name as its picture. Whatever the browser's URL parser does
 * with an accepted path, it stays on the page's host and under /media/.
 */
const ORIGIN = 'https://shop.example';

describe('isOwnMediaPath', () => {
  it.each([
    '/media/posters/night-of-brass.jpg',
    '/media/uploads/2f9c1a.jpg',
    '/media/posters/a.svg?v=2',
    '/media/carousel/neon%20harbor.svg',
    '/media/a..b/c.jpg',
  ])('accepts %s', (path) => {
    expect(isOwnMediaPath(path)).toBe(true);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/p.jpg'],
    ['an http URL', 'http://evil.example/media/p.jpg'],
    ['a protocol-relative URL', '//evil.example/media/p.jpg'],
    ['a backslash read as a slash', '/\\evil.example/p.jpg'],
    ['a backslash inside', '/media/\\\\evil.example/p.jpg'],
    ['a tab browsers drop', '/\t/evil.example/media/p.jpg'],
    ['a newline', '/media/p.jpg\n'],
    ['a space', '/media/p q.jpg'],
    ['a control character', '/media/p\u0001.jpg'],
    ['a C1 control character', '/media/p\u0085.jpg'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a scheme in capitals', 'JAVASCRIPT:alert(1)'],
    ['a path outside /media/', '/v1/studio/me'],
    ['a climb out of /media/', '/media/../v1/studio/me'],
    ['an encoded climb', '/media/%2e%2e/v1/studio/me'],
    ['a half-encoded climb', '/media/posters/.%2E/../x.jpg'],
    ['a climb at the end', '/media/..'],
    ['a dot segment', '/media/./x.jpg'],
    ['a quote', '/media/x".jpg'],
    ['brackets', '/media/x<y>.jpg'],
    ['nothing after /media/', '/media/'],
    ['/media without its slash', '/mediaevil/x.jpg'],
  ])('refuses %s', (_name, path) => {
    expect(isOwnMediaPath(path)).toBe(false);
  });

  it('every path it accepts stays on the page host, under /media/, as the browser reads it', () => {
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(OWN_MEDIA_PATH.source.replace(/\(\?!.*?\)\)/, ''))), (path) => {
        fc.pre(isOwnMediaPath(path));
        const url = new URL(path, ORIGIN);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname.startsWith('/media/')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('ownAbsoluteUrl', () => {
  it('makes a path of this site absolute', () => {
    expect(ownAbsoluteUrl('/media/share/allaccess.jpg', ORIGIN)).toBe(`${ORIGIN}/media/share/allaccess.jpg`);
    expect(ownAbsoluteUrl(`${ORIGIN}/media/p.jpg`, ORIGIN)).toBe(`${ORIGIN}/media/p.jpg`);
  });

  it.each([
    'https://evil.example/p.jpg',
    '//evil.example/p.jpg',
    '/\\evil.example/p.jpg',
    '/\t/evil.example/p.jpg',
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
    'https://shop.example.evil.example/p.jpg',
  ])('refuses %s', (url) => {
    expect(ownAbsoluteUrl(url, ORIGIN)).toBeNull();
  });
});
