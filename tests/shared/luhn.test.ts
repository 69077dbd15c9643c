import { passesLuhn } from '../../src/shared/luhn';

describe('the Luhn checksum', () => {
  it.each(['4242424242424242', '4000000000000002', '4000002500003155', '378282246310005', '0'])('%s passes', (n) => {
    expect(passesLuhn(n)).toBe(true);
  });
  it.each(['4242424242424241', '4242424242424243', '1', ''])('%j fails', (n) => {
    expect(passesLuhn(n)).toBe(false);
  });
});
