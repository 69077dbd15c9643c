/**
 * The cart's arithmetic, in integer cents, with no I/O: what each line costs, what the coupon takes
 * off, and what is left to pay. The coupon's discount is spread over the lines it applies to, pro rata
 * with the remainder cents handed out in line order, so the lines' effective prices add up to the
 * grand total exactly.
 */
export type PricedLine = { eventId: number; priceCents: number };
export type CouponTerms = {
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffCents: number | null;
  /** The events it takes money off; null for every line. */
  eventIds: readonly number[] | null;
};
export type Totals = {
  subtotalCents: number;
  /** Per-item sale prices do not exist in the catalog yet: always 0, kept for the spec's summary row. */
  itemDiscountCents: number;
  couponDiscountCents: number;
  grandTotalCents: number;
  /** eventId → the line's price after its share of the coupon. */
  effectiveCents: Map<number, number>;
};

const appliesTo = (coupon: CouponTerms, line: PricedLine) =>
  coupon.eventIds === null || coupon.eventIds.includes(line.eventId);

/** What a coupon takes off the lines it applies to (never more than they cost). */
export function couponDiscount(lines: PricedLine[], coupon: CouponTerms): number {
  const eligible = lines.filter((l) => appliesTo(coupon, l));
  const base = eligible.reduce((n, l) => n + l.priceCents, 0);
  if (coupon.kind === 'percent') return Math.floor((base * (coupon.percentOff ?? 0) + 50) / 100); // half up
  return Math.min(coupon.amountOffCents ?? 0, base);
}

export function priceCart(lines: PricedLine[], coupon: CouponTerms | null): Totals {
  const ordered = [...lines].sort((a, b) => a.eventId - b.eventId);
  const subtotalCents = ordered.reduce((n, l) => n + l.priceCents, 0);
  const discount = coupon ? couponDiscount(ordered, coupon) : 0;
  const effectiveCents = new Map(ordered.map((l) => [l.eventId, l.priceCents]));
  const eligible = ordered.filter((l) => coupon && appliesTo(coupon, l));
  const base = eligible.reduce((n, l) => n + l.priceCents, 0);
  let left = discount;
  for (const line of eligible) {
    const share = base === 0 ? 0 : Math.floor((discount * line.priceCents) / base);
    effectiveCents.set(line.eventId, line.priceCents - share);
    left -= share;
  }
  // Floors leave a few cents over: one more cent off each line that still has one, in order.
  for (const line of eligible) {
    if (left === 0) break;
    const now = effectiveCents.get(line.eventId)!;
    if (now > 0) {
      effectiveCents.set(line.eventId, now - 1);
      left -= 1;
    }
  }
  return {
    subtotalCents,
    itemDiscountCents: 0,
    couponDiscountCents: discount,
    grandTotalCents: subtotalCents - discount,
    effectiveCents,
  };
}
