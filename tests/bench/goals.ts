/**
 * The benches' goals, in one place: each bench records its figures beside their goals as it prints
 * them, and ends with exitOnMissedGoals(), which names every missed goal on a line of its own and
 * exits 1, so that a script running `npm run bench:…` sees a miss as well as the person reading.
 */
export type Compare = '<=' | '>=';

type Recorded = { name: string; value: number; goal: number; compare: Compare; unit: string };

const recorded: Recorded[] = [];

/** Whether `value` meets `goal`; a figure that could not be measured (NaN) meets none. */
export function meets(value: number, goal: number, compare: Compare): boolean {
  if (Number.isNaN(value)) return false;
  return compare === '<=' ? value <= goal : value >= goal;
}

/** Records a figure beside its goal and answers whether it met it, for the bench's own table. */
export function record(name: string, value: number, goal: number, compare: Compare, unit = ''): boolean {
  recorded.push({ name, value, goal, compare, unit });
  return meets(value, goal, compare);
}

const shown = (n: number, unit: string) =>
  `${Number.isFinite(n) ? Number(n.toPrecision(4)) : String(n)}${unit ? ` ${unit}` : ''}`;

/** One line per goal recorded so far that was missed. */
function missedGoals(): string[] {
  return recorded
    .filter((r) => !meets(r.value, r.goal, r.compare))
    .map((r) => `missed goal: ${r.name} ${shown(r.value, r.unit)}, goal ${r.compare} ${shown(r.goal, r.unit)}`);
}

/**
 * The bench's last word: exits 1 after a line per missed goal, or when no goal was recorded at all (a
 * bench that measured nothing met nothing); else says how many goals were met and returns.
 */
export function exitOnMissedGoals(): void {
  const missed = missedGoals();
  if (recorded.length === 0) {
    console.error('\nNo figure was recorded beside a goal.');
    process.exit(1);
  }
  if (missed.length > 0) {
    console.error(`\n${missed.length} of ${recorded.length} goals missed:\n${missed.join('\n')}`);
    process.exit(1);
  }
  console.log(`\nEvery goal met (${recorded.length}).`);
}
