// @databases postgres: its outcome does not depend on the kind of database
import fc from 'fast-check';
import {
  couponDiscount,
  priceCart,
  type CouponTerms,
  type PricedLine,
} from '../../../../src/server/modules/cart/pricing';

const line = (eventId: number, priceCents: number): PricedLine => ({ eventId, priceCents });
const percent = (p: number, eventId: number | null = null): CouponTerms => ({
  kind: 'percent',
  percentOff: p,
  amountOffCents: null,
  eventIds: eventId === null ? null : [eventId],
});
const fixed = (cents: number, eventId: number | null = null): CouponTerms => ({
  kind: 'fixed',
  percentOff: null,
  amountOffCents: cents,
  eventIds: eventId === null ? null : [eventId],
});

describe('cart arithmetic (integer cents)', () => {
  it.each([
    ['no coupon', [line(1, 1000), line(2, 2550)], null, 3550, 0, 3550],
    ['10 % rounds half up', [line(1, 1999)], percent(10), 1999, 200, 1799], // 199.9 → 200
    ['25 % of two lines', [line(1, 1000), line(2, 2550)], percent(25), 3550, 888, 2662], // 887.5 → 888
    ['100 %', [line(1, 1000), line(2, 2550)], percent(100), 3550, 3550, 0],
    ['fixed under the total', [line(1, 1000), line(2, 2550)], fixed(500), 3550, 500, 3050],
    ['fixed over the total stops at 0', [line(1, 1000)], fixed(10_000), 1000, 1000, 0],
    ['one-event percent', [line(1, 1000), line(2, 2550)], percent(50, 2), 3550, 1275, 2275],
    ['one-event fixed over that line', [line(1, 1000), line(2, 2550)], fixed(3000, 2), 3550, 2550, 1000],
    ['one-event coupon, event absent', [line(1, 1000)], percent(50, 2), 1000, 0, 1000],
    [
      'two-event percent',
      [line(1, 1000), line(2, 2550), line(3, 400)],
      { ...percent(50), eventIds: [1, 3] },
      3950,
      700,
      3250,
    ],
    ['empty cart', [], percent(50), 0, 0, 0],
  ])('%s', (_name, lines, coupon, subtotal, discount, total) => {
    const t = priceCart(lines, coupon);
    expect([t.subtotalCents, t.couponDiscountCents, t.grandTotalCents, t.itemDiscountCents]).toEqual([
      subtotal,
      discount,
      total,
      0,
    ]);
  });

  it('spreads the discount over the lines it applies to, the remainder cents in line order', () => {
    const t = priceCart([line(3, 100), line(1, 100), line(2, 100)], fixed(100));
    expect([...t.effectiveCents.entries()]).toEqual([
      [1, 66],
      [2, 67],
      [3, 67],
    ]);
    const oneEvent = priceCart([line(1, 1000), line(2, 2550)], percent(50, 2));
    expect(oneEvent.effectiveCents.get(1)).toBe(1000);
    expect(oneEvent.effectiveCents.get(2)).toBe(1275);
  });

  it('for any lines and coupon: lines add up to the total, nothing goes below 0, the discount never exceeds what it applies to', () => {
    const lines = fc.uniqueArray(
      fc.record({ eventId: fc.integer({ min: 1, max: 40 }), priceCents: fc.integer({ min: 0, max: 500_000 }) }),
      { selector: (l) => l.eventId, maxLength: 50 },
    );
    const coupon = fc.option(
      fc.oneof(
        fc.record({
          kind: fc.constant('percent' as const),
          percentOff: fc.integer({ min: 1, max: 100 }),
          amountOffCents: fc.constant(null),
          eventIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 5 })),
        }),
        fc.record({
          kind: fc.constant('fixed' as const),
          percentOff: fc.constant(null),
          amountOffCents: fc.integer({ min: 1, max: 10_000_000 }),
          eventIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 5 })),
        }),
      ),
    );
    fc.assert(
      fc.property(lines, coupon, (ls, c) => {
        const t = priceCart(ls, c);
        const effective = [...t.effectiveCents.values()];
        const eligible = ls
          .filter((l) => c && (c.eventIds === null || c.eventIds.includes(l.eventId)))
          .reduce((n, l) => n + l.priceCents, 0);
        return (
          effective.reduce((n, v) => n + v, 0) === t.grandTotalCents &&
          effective.every((v) => v >= 0 && Number.isInteger(v)) &&
          ls.every((l) => t.effectiveCents.get(l.eventId)! <= l.priceCents) &&
          t.couponDiscountCents === (c ? couponDiscount(ls, c) : 0) &&
          t.couponDiscountCents <= eligible &&
          t.grandTotalCents === t.subtotalCents - t.couponDiscountCents
        );
      }),
      { numRuns: 2000 },
    );
  });
});
