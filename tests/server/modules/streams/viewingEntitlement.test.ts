// @databases postgres: its outcome does not depend on the kind of database
import { randomBytes } from 'node:crypto';
import {
  createViewingEntitlements,
  VIEWING_ENTITLEMENT_DAYS,
} from '../../../../src/server/modules/streams/viewingEntitlement';
import { testClock } from '../../../utils/clock';

/** A ticket's signed entitlement: vouches for its user and event only, only until it expires, only when ours. */
const clock = testClock();
const key = randomBytes(32);
const vouchers = createViewingEntitlements(key, clock.now);

it('vouches for its own user and event until it expires', () => {
  const { token, eventId, expiresAt } = vouchers.issue(7, 42);
  expect(eventId).toBe(42);
  expect(Date.parse(expiresAt) - clock.now()).toBeLessThanOrEqual(VIEWING_ENTITLEMENT_DAYS * 86_400_000);
  expect(vouchers.vouches(token, 7, 42)).toBe(true);
  expect(vouchers.vouches(token, 8, 42)).toBe(false);
  expect(vouchers.vouches(token, 7, 43)).toBe(false);
  clock.advance(VIEWING_ENTITLEMENT_DAYS * 86_400_000);
  expect(vouchers.vouches(token, 7, 42)).toBe(false);
});

it('refuses a changed, foreign, missing or misshapen one', () => {
  const { token } = vouchers.issue(7, 42);
  const [v, user, event, exp, mac] = token.split('.');
  const other = createViewingEntitlements(randomBytes(32), clock.now).issue(7, 42).token;
  for (const forged of [
    `${v}.${user}.${event}.${Number(exp) + 86_400}.${mac}`,
    `${v}.8.${event}.${exp}.${mac}`,
    `${v}.${user}.${event}.${exp}.${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`,
    other,
    `${token}x`,
    '',
    undefined,
  ])
    expect(vouchers.vouches(forged, Number(forged?.split('.')[1] ?? 7), 42)).toBe(false);
});
