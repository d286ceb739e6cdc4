// `npm run bench`: every benchmark, each figure as a ratio against a baseline of the same run.
import { orderToKitchen } from './order-to-kitchen.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
const rows = await orderToKitchen(rounds);
console.log(`order to kitchen (${rounds} rounds, median and 95th percentile)`);
for (const r of rows) {
  console.log(
    `  ${r.name.padEnd(60)} ${r.medianMs.toFixed(1).padStart(7)} ms  p95 ${r.p95Ms.toFixed(1).padStart(7)} ms  ×${r.ratio.toFixed(1)}`,
  );
}
process.exit(0);
