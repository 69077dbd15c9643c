import { spreadEarlier } from '../../src/shared/spread';

describe('a herd timer’s delay, spread earlier', () => {
  it('is the full delay at one end of the draw and shortened by the whole share at the other', () => {
    expect(spreadEarlier(30_000, 0.2, () => 0)).toBe(30_000);
    expect(spreadEarlier(30_000, 0.2, () => 1)).toBe(24_000);
    expect(spreadEarlier(30_000, 0.1, () => 0.5)).toBe(28_500);
  });

  it('never comes later, and 10,000 draws cover the span evenly (no two-second pile-up)', () => {
    const delays = Array.from({ length: 10_000 }, () => spreadEarlier(30_000, 0.2));
    expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(24_000);
    // Six one-second buckets from 24 s to 30 s: each holds about a sixth of the draws.
    const buckets = [0, 0, 0, 0, 0, 0];
    for (const d of delays) buckets[Math.min(5, Math.floor((d - 24_000) / 1000))]! += 1;
    for (const n of buckets) expect(n).toBeGreaterThan(10_000 / 6 - 250);
  });
});
