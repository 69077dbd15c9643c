/** Percentiles and formatting shared by bench:player's modes. */
export const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
export const median = (values: number[]) => pct(values, 50);
export const ms = (n: number) => `${Math.round(n)} ms`;
/** Median of runs with their spread: "1234 ms (1100–1400)". */
export const spread = (values: number[], unit: (n: number) => string = ms) =>
  `median ${unit(median(values))} (${unit(Math.min(...values))}–${unit(Math.max(...values))}; runs ${values.map(unit).join(', ')})`;
