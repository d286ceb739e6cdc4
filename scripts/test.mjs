// `npm test`: vitest and the end-to-end specs side by side, each line prefixed with its suite.
// Most tests wait on processes, sockets and Chromium more than they compute, so the two suites
// together take little longer than the longer of them. It ends with the summary of both reports
// (every failed test by name) and fails if either suite failed. `npm run test:unit` and
// `npm run test:e2e` run one suite alone.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Runs `npm run SCRIPT`, prefixing its lines; resolves with its exit code. */
function run(script, prefix) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
// A report left by an earlier run must not stand in for one this run failed to write.
for (const report of ['reports/vitest.json', 'reports/playwright.json']) rmSync(report, { force: true });
const [unit, e2e] = await Promise.all([run('test:unit', 'unit │'), run('test:e2e', 'e2e  │')]);
const summary = await new Promise((resolve) => {
  spawn(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' }).on('close', resolve);
});
console.log(`unit exit ${unit}, e2e exit ${e2e}, ${Math.round((Date.now() - started) / 1000)} s in all`);
process.exit(unit || e2e || summary ? 1 : 0);
