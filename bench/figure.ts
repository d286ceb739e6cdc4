// One row of `npm run bench`: a figure measured now, the floor it is compared with (measured in the
// same run, on the same machine), their ratio, and the goal for it. Speed is only ever
// reported here; no test asserts it.

interface BenchOptions {
  /** The short smoke form CI runs: fewer rounds, shorter runs; figures are rough. */
  quick: boolean;
}

export interface Figure {
  /** The goal's name in issue 8 (P1…P8), or a free name for a figure without one. */
  id: string;
  /** What was measured, in words ("orders/s over 20 venues"). */
  figure: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, in the same unit, or null where the goal is absolute. */
  floor: number | null;
  floorLabel: string;
  /** The goal in words ("≥ 0.5 × floor", "≤ 25 ms"). */
  goal: string;
  /** Whether the goal is met in this run. */
  met: boolean;
}

export type Bench = (opts: BenchOptions) => Promise<Figure[]>;

/** value / floor, or null when there is no floor. */
function ratioOf(f: Figure): number | null {
  return f.floor === null || f.floor === 0 ? null : f.value / f.floor;
}

export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
}

export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => {
    const r = ratioOf(f);
    return [
      f.id,
      f.figure,
      `${round(f.value)} ${f.unit}`,
      f.floor === null ? '–' : `${round(f.floor)} ${f.unit} (${f.floorLabel})`,
      r === null ? '–' : `${r.toFixed(r < 10 ? 3 : 1)}`,
      f.goal,
      f.met ? 'met' : 'NOT MET',
    ];
  });
  const head = ['id', 'figure', 'value', 'floor (same run)', 'ratio', 'goal', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function round(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}
