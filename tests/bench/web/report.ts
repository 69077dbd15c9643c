import { kib } from '../../../e2e/support/jsBudgets';
import { record } from '../goals';
import type { RunFigures } from './lighthouse';
import type { BenchRoute, Goals } from './routes';

/**
 * Prints what `npm run bench:web` measured: a table per route beside its goals (each recorded, for
 * the bench's exit code: ../goals.ts), then a summary.
 */
export type RouteResult = { route: BenchRoute; runs: RunFigures[]; failures: number[] };

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const spread = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values) });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || url;

type Figure = {
  label: string;
  pick: (r: RunFigures) => number;
  fmt: (n: number) => string;
  goal?: (g: Goals) => number | undefined;
  atLeast?: boolean;
};
const FIGURES: Figure[] = [
  { label: 'score', pick: (r) => r.score, fmt: (n) => String(Math.round(n)), goal: (g) => g.score, atLeast: true },
  { label: 'LCP', pick: (r) => r.lcpMs, fmt: seconds, goal: (g) => g.lcpMs },
  { label: 'TBT', pick: (r) => r.tbtMs, fmt: millis, goal: (g) => g.tbtMs },
  { label: 'CLS', pick: (r) => r.cls, fmt: (n) => n.toFixed(3), goal: (g) => g.cls },
  { label: 'FCP', pick: (r) => r.fcpMs, fmt: seconds },
  { label: 'initial JS', pick: (r) => r.jsBytes, fmt: kib, goal: (g) => g.jsBytes },
];

function verdict(f: Figure, goals: Goals, value: number): { goal: string; mark: string; pass: boolean | null } {
  const goal = f.goal?.(goals);
  if (goal === undefined) return { goal: '–', mark: '', pass: null };
  const pass = f.atLeast ? value >= goal : value <= goal;
  return { goal: `${f.atLeast ? '≥' : '≤'} ${f.fmt(goal)}`, mark: pass ? 'pass' : 'FAIL', pass };
}

/** Runs of one route that disagree a lot: a disturbed machine or a flaky page, either way say so. */
function disagreements({ runs }: RouteResult): string[] {
  const out: string[] = [];
  const s = spread(runs.map((r) => r.score));
  if (s.max - s.min > 8) out.push(`scores ${s.min}–${s.max}`);
  for (const [label, pick] of [
    ['LCP', (r: RunFigures) => r.lcpMs],
    ['TBT', (r: RunFigures) => r.tbtMs],
  ] as const) {
    const v = runs.map(pick);
    const { min, max } = spread(v);
    if (max - min > 150 && (max - min) / Math.max(median(v), 1) > 0.3)
      out.push(`${label} ${millis(min)}–${millis(max)}`);
  }
  const bi = spread(runs.map((r) => r.benchmarkIndex));
  if (bi.max / bi.min > 1.2)
    out.push(
      `benchmarkIndex moved ${Math.round((bi.max / bi.min - 1) * 100)} % between its runs (${bi.min}–${bi.max})`,
    );
  return out;
}

function printDiagnosis(run: RunFigures) {
  const d = run.diagnosis;
  const line = (label: string, text: string) => console.log(`    ${label.padEnd(17)}${text || 'none'}`);
  line('LCP element', d.lcpElement);
  line('LCP phases', d.lcpPhases);
  line(
    'boot-up',
    d.bootup
      .slice(0, 5)
      .map((b) => `${short(b.url)} ${millis(b.total)} (eval ${Math.round(b.scripting)}, parse ${Math.round(b.parse)})`)
      .join(' · '),
  );
  line(
    'main thread',
    d.mainThread
      .slice(0, 5)
      .map((m) => `${m.label} ${millis(m.ms)}`)
      .join(' · '),
  );
  line(
    'long tasks',
    d.longTasks
      .slice(0, 5)
      .map((t) => `${short(t.url)} ${millis(t.duration)} at ${millis(t.startTime)}`)
      .join(' · '),
  );
  line(
    'blocking CSS/JS',
    d.renderBlocking.map((r) => `${short(r.url)} ${kib(r.bytes)} (${millis(r.wastedMs)})`).join(' · '),
  );
  line(
    'unused JS',
    d.unusedJs
      .slice(0, 3)
      .map((u) => `${short(u.url)} ${kib(u.wastedBytes)} of ${kib(u.bytes)}`)
      .join(' · '),
  );
  line('scripts', run.scripts.map((s) => `${short(s.url)} ${kib(s.bytes)}`).join(' · '));
}

export function printRoute(result: RouteResult): void {
  const { route, runs, failures } = result;
  const failed = failures.length > 0 ? `; ⚠ run ${failures.join(', ')} failed twice, left out` : '';
  console.log(
    `\n${route.path}  (${route.name}: ${route.state}; ${runs.length} runs; benchmarkIndex ${runs.map((r) => r.benchmarkIndex).join(', ')}${failed})`,
  );
  // A route no run measured met none of its goals.
  if (!record(`${route.name} (${route.path}): runs that succeeded`, runs.length, 1, '>=')) return;
  console.log(`  ${'figure'.padEnd(12)}${'median'.padEnd(12)}${'spread (min–max)'.padEnd(24)}${'goal'.padEnd(14)}`);
  for (const f of FIGURES) {
    const values = runs.map(f.pick);
    const m = median(values);
    const { min, max } = spread(values);
    const v = verdict(f, route.goals, m);
    const goal = f.goal?.(route.goals);
    if (goal !== undefined) record(`${route.name} (${route.path}): ${f.label}`, m, goal, f.atLeast ? '>=' : '<=');
    console.log(
      `  ${f.label.padEnd(12)}${f.fmt(m).padEnd(12)}${`${f.fmt(min)}–${f.fmt(max)}`.padEnd(24)}${v.goal.padEnd(14)}${v.mark}`,
    );
  }
  const wrongUrl = runs.find((r) => new URL(r.finalUrl).pathname !== route.path);
  if (wrongUrl)
    console.log(`  ⚠ Lighthouse ended on ${wrongUrl.finalUrl}, not ${route.path}: the figures are not this screen's`);
  const disagree = disagreements(result);
  if (disagree.length > 0) console.log(`  ⚠ runs disagree: ${disagree.join('; ')} (machine disturbed? run again)`);
  for (const w of new Set(runs.flatMap((r) => r.warnings)))
    console.log(`  Lighthouse warned: ${w.replace(/\s+/g, ' ').slice(0, 200)}`);
  const middle = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
  console.log(`  where the time goes (the run with the median score, ${middle.score}):`);
  printDiagnosis(middle);
}

/** One line per route with the medians, then a word on the machine (benchmarkIndex over every run). */
export function printSummary(results: RouteResult[]): void {
  console.log('\nSummary (medians; pass/FAIL against the goal, – where the issue sets none)');
  const width = Math.max(...results.map((r) => r.route.path.length)) + 2;
  console.log(`  ${'route'.padEnd(width)}${FIGURES.map((f) => f.label.padEnd(18)).join('')}`);
  for (const { route, runs } of results) {
    if (runs.length === 0) {
      console.log(`  ${route.path.padEnd(width)}no run succeeded`);
      continue;
    }
    const cells = FIGURES.map((f) => {
      const m = median(runs.map(f.pick));
      const v = verdict(f, route.goals, m);
      return `${f.fmt(m)} ${v.pass === null ? '' : v.pass ? 'pass' : 'FAIL'}`.padEnd(18);
    });
    console.log(`  ${route.path.padEnd(width)}${cells.join('')}`);
  }
  const all = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex));
  if (all.length === 0) return;
  const m = median(all);
  const off = all.filter((bi) => Math.abs(bi - m) / m > 0.2);
  console.log(
    `\nbenchmarkIndex over ${all.length} runs: median ${Math.round(m)}, ${Math.min(...all)}–${Math.max(...all)}` +
      (off.length > 0
        ? `  ⚠ ${off.length} run(s) more than 20 % off the median: the machine was disturbed during them`
        : '  (steady)'),
  );
}
