import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { z } from 'zod';
import { EMAIL_PATTERN, isEmailAddress } from '../../src/shared/contract/emailAddress';
import { emailAddress } from '../../src/shared/contract/zod';

/**
 * One e-mail rule for the server, the forms and the API document (src/shared/contract/emailAddress.ts).
 * An outside contract tester found the server taking addresses the document's `format: email` calls
 * invalid (a domain label ending in a hyphen): the rule must take nothing `format: email` refuses.
 */
const published = z.toJSONSchema(emailAddress());
const formats = (mode: 'fast' | 'full') => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv, { mode, formats: ['email'] });
  return ajv.compile({ type: 'string', format: 'email' });
};
const strictly = formats('full');
const loosely = formats('fast');
const documented = (() => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  return ajv.compile(published);
})();
const server = emailAddress();

it('is published as format email with the pattern and length the server checks', () => {
  expect(published).toMatchObject({ type: 'string', format: 'email', pattern: EMAIL_PATTERN.source, maxLength: 254 });
});

it('takes only what every reading of format: email takes, and the server takes exactly what the document does', () => {
  // Addresses the pattern describes (the local part's length checked on the whole), and near misses.
  const described = fc.stringMatching(new RegExp(EMAIL_PATTERN.source.replace('(?=[^@]{1,64}@)', '')));
  const nearMiss = fc.oneof(
    fc.emailAddress(),
    described.map((a) => a.replace(/\.([A-Za-z]+)$/, '-.$1')),
    described.map((a) => `${'a'.repeat(60)}${a}`),
    fc.string({ maxLength: 30 }),
  );
  fc.assert(
    fc.property(fc.oneof(described, nearMiss), (address) => {
      const ok = isEmailAddress(address);
      if (ok) expect([strictly(address), loosely(address)]).toEqual([true, true]);
      expect([server.safeParse(address).success, documented(address)]).toEqual([ok, ok]);
    }),
    { numRuns: 2_000 },
  );
});

it.each([
  ['a@b-.co', false],
  ['a@-b.co', false],
  [`${'a'.repeat(65)}@b.co`, false],
  [`a@${'b'.repeat(64)}.co`, false],
  ['.a@b.co', false],
  ['a..b@c.co', false],
  ['a@b.c', false],
  ['a@b.co', true],
  ["o'neil+tickets@mail.example.com", true],
  [`${'a'.repeat(64)}@${'b'.repeat(63)}.co`, true],
])('%s is %s for the server, the forms and the document alike', (address, valid) => {
  expect([isEmailAddress(address), server.safeParse(address).success, documented(address)]).toEqual([
    valid,
    valid,
    valid,
  ]);
});
