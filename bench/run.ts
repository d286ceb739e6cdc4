// `npm run bench`: every benchmark of issue 8, printed as one table of figure, floor measured in the
// same run, ratio and goal. `npm run bench -- --quick` is the short smoke form CI runs;
// `npm run bench -- P1 P6` runs only those figures' benchmarks.
import { parseArgs } from 'node:util';
import { type Bench, type Figure, formatTable } from './figure.js';

/** Each benchmark module, by the figures it measures. A module exports `bench: Bench`. */
const BENCHES: { ids: string[]; load: () => Promise<{ bench: Bench }> }[] = [
  { ids: ['P0', 'P3'], load: () => import('./order-to-kitchen.js') },
  { ids: ['P1'], load: () => import('./order-path.js') },
  { ids: ['P2', 'P4'], load: () => import('./fanout.js') },
  { ids: ['P5'], load: () => import('./offline-replay.js') },
  { ids: ['P6'], load: () => import('./guest-page.js') },
  { ids: ['P7'], load: () => import('./kitchen-render.js') },
  { ids: ['P8'], load: () => import('./core-start.js') },
  { ids: ['A9', 'E1'], load: () => import('./analytics-year.js') },
  { ids: ['S1'], load: () => import('./soak.js') },
  { ids: ['F1'], load: () => import('./floor-drag.js') },
  { ids: ['F2'], load: () => import('./floor-publish.js') },
];

const { values, positionals } = parseArgs({ allowPositionals: true, options: { quick: { type: 'boolean' } } });
const wanted = new Set(positionals.map((p) => p.toUpperCase()));
const figures: Figure[] = [];
for (const entry of BENCHES) {
  if (wanted.size > 0 && !entry.ids.some((id) => wanted.has(id))) continue;
  const { bench } = await entry.load();
  const started = performance.now();
  const got = await bench({ quick: values.quick ?? false });
  figures.push(...got);
  console.error(`${entry.ids.join(',')} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(formatTable(figures));
process.exit(0);
