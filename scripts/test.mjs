// `npm test`: vitest and the end-to-end specs side by side, each line prefixed with its suite.
// Most tests wait on processes, sockets and Chromium more than they compute, so the two suites
// together take little longer than the longer of them. It ends with the summary of every report
// (each failed test by name) and fails if a suite failed. `npm run test:unit` and
// `npm run test:e2e` run one suite alone.
//
// NATIVE_READY_FILE (CI, while better-sqlite3 still compiles): the half of vitest that needs
// nothing native (shared, cloud, guest-web) starts at once; the terminal's half and the
// end-to-end specs start when that file exists and says "ok" (on "failed" they do not run, and
// the tests fail).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/** Runs `npm run SCRIPT` with `env` added, prefixing its lines; resolves with its exit code. */
function run(script, prefix, env = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
// A report left by an earlier run must not stand in for one this run failed to write.
rmSync('reports/playwright.json', { force: true });
for (const file of existsSync('reports') ? readdirSync('reports') : []) {
  if (/^vitest.*\.json$/.test(file)) rmSync(`reports/${file}`, { force: true });
}

const ready = process.env.NATIVE_READY_FILE;
let codes;
if (ready) {
  const cloudHalf = run('test:unit', 'unit │', { VITEST_PART: 'cloud', VITEST_REPORT: 'reports/vitest-cloud.json' });
  while (!existsSync(ready)) await sleep(500);
  const state = readFileSync(ready, 'utf8').trim();
  console.log(`native build ${state} after ${Math.round((Date.now() - started) / 1000)} s`);
  codes = await Promise.all([
    cloudHalf,
    ...(state === 'ok' ? [] : [Promise.resolve(1)]),
    ...(state === 'ok'
      ? [
          run('test:unit', 'term │', { VITEST_PART: 'desktop', VITEST_REPORT: 'reports/vitest-desktop.json' }),
          run('test:e2e', 'e2e  │'),
        ]
      : []),
  ]);
} else {
  codes = await Promise.all([run('test:unit', 'unit │'), run('test:e2e', 'e2e  │')]);
}
const summary = await new Promise((resolve) => {
  spawn(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' }).on('close', resolve);
});
console.log(`exit codes ${codes.join(', ')}, ${Math.round((Date.now() - started) / 1000)} s in all`);
process.exit(codes.some((c) => c !== 0) || summary ? 1 : 0);
