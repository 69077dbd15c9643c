import { errorStatus, serverMessage } from '../../../src/client/api/serverError';

/** The one reading of a failed call's message: a person gets a sentence or the caller's fallback. */
const failed = (message: unknown, status = 400) => ({ status, data: { success: false, message, data: null } });

it.each([
  ['First name must be at most 100 characters.', 'First name must be at most 100 characters.'],
  ['Promo code is empty ', 'Promo code is empty '],
  ['body.firstName: must not be empty', null],
  ['querystring.filter.path: must be a page id', null],
  ['params.id: Invalid input', null],
  ['body: Unrecognized key: "x"', null],
  ['', null],
  ['   ', null],
  [42, null],
  [undefined, null],
])('%j → %j', (message, shown) => {
  expect(serverMessage(failed(message))).toBe(shown);
});

it('reads nothing from a network failure or a non-envelope answer', () => {
  expect(serverMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
  expect(serverMessage({ status: 502, data: '<html>Bad gateway</html>' })).toBeNull();
  expect(serverMessage(undefined)).toBeNull();
  expect(errorStatus(failed('x', 429))).toBe(429);
  expect(errorStatus({ status: 'FETCH_ERROR' })).toBeNull();
});
