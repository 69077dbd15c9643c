import { REDACTED } from '../../../../src/client/lib/redactSecrets';
import {
  exportSupportFile,
  readSupportFile,
  SUPPORT_FILE_KIND,
} from '../../../../src/client/features/supportPanel/supportFile';

/** The support file: what an export holds (no token), and every way an import is refused. */
const TOKENS = {
  auth_token: 'eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoiZ3Vlc3QifQ.c2lnbmF0dXJl',
  user_token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjd9.c2ln',
  guest_cart_token: 'cart-key-0123456789abcdef',
};
const valid = () =>
  exportSupportFile(
    fakeStorage({
      ...TOKENS,
      userID: '7',
      userName: 'Ada',
      demoUse: '0',
      cartItems: '[{"assetId":3,"unitPrice":12},{"assetId":5}]',
      redirect_url: 'cart',
    }),
    '/cart',
    new Date('2026-11-22T10:00:00Z'),
  );
function fakeStorage(values: Record<string, string>): Storage {
  return { getItem: (k: string) => values[k] ?? null } as Storage;
}

it('exports the spec keys as they are stored, every token redacted', () => {
  const file = valid();
  expect(file).toEqual({
    kind: SUPPORT_FILE_KIND,
    version: 1,
    exportedAt: '2026-11-22T10:00:00.000Z',
    location: '/cart',
    localStorage: {
      auth_token: REDACTED,
      user_token: REDACTED,
      guest_cart_token: REDACTED,
      userID: '7',
      userName: 'Ada',
      demoUse: '0',
      cartItems: [{ assetId: 3, unitPrice: 12 }, { assetId: 5 }],
      redirect_url: 'cart',
    },
  });
  const text = JSON.stringify(file);
  for (const token of Object.values(TOKENS)) expect(text).not.toContain(token);
});

it('exports an empty browser as nulls and an empty cart', () => {
  expect(exportSupportFile(fakeStorage({ cartItems: 'not json' }), '/').localStorage).toEqual({
    auth_token: null,
    user_token: null,
    guest_cart_token: null,
    userID: null,
    userName: null,
    demoUse: null,
    cartItems: [],
    redirect_url: null,
  });
});

it('reads back what it exported', () => {
  const file = valid();
  expect(readSupportFile(JSON.stringify(file))).toEqual({ ok: true, file });
});

const withChange = (change: (f: Record<string, any>) => void) => {
  const f = JSON.parse(JSON.stringify(valid()));
  change(f);
  return JSON.stringify(f);
};
it.each([
  ['not JSON', '{"kind": ', 'The file is not JSON.'],
  ['another kind of file', JSON.stringify({ kind: 'something-else' }), 'This is not a support state file.'],
  ['a JSON array', '[1,2]', 'This is not a support state file.'],
  [
    'another version',
    withChange((f) => {
      f.version = 2;
    }),
    /^version: /,
  ],
  [
    'a real token inside',
    withChange((f) => {
      f.localStorage.user_token = TOKENS.user_token;
    }),
    /^localStorage\.user_token: must be "\[redacted\]" or null/,
  ],
  [
    'a cart line without an event id',
    withChange((f) => {
      f.localStorage.cartItems.push({ unitPrice: 3 });
    }),
    /^localStorage\.cartItems\.2\.assetId: /,
  ],
  [
    'a fractional event id',
    withChange((f) => {
      f.localStorage.cartItems[0].assetId = 1.5;
    }),
    /^localStorage\.cartItems\.0\.assetId: /,
  ],
  [
    'an unknown redirect marker',
    withChange((f) => {
      f.localStorage.redirect_url = 'https://evil.example';
    }),
    /^localStorage\.redirect_url: /,
  ],
  [
    'an extra key',
    withChange((f) => {
      f.localStorage.evil = 'x';
    }),
    /^localStorage: /,
  ],
  [
    'another site as location',
    withChange((f) => {
      f.location = '//evil.example/cart';
    }),
    /^location: must be a path of this site/,
  ],
  [
    'a backslash location',
    withChange((f) => {
      f.location = '/\\evil.example';
    }),
    /^location: must be a path of this site/,
  ],
  [
    'a bad date',
    withChange((f) => {
      f.exportedAt = 'yesterday';
    }),
    /^exportedAt: /,
  ],
])('refuses %s, saying what is wrong', (_name, text, problem) => {
  const check = readSupportFile(text);
  expect(check.ok).toBe(false);
  expect(!check.ok && check.problem).toEqual(typeof problem === 'string' ? problem : expect.stringMatching(problem));
});

it('refuses a file over 256 KiB before reading it', () => {
  expect(readSupportFile('{}', 300 * 1024)).toEqual({
    ok: false,
    problem: 'The file is too large (300 KiB; a support file is under 256 KiB).',
  });
});
