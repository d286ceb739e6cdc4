// Sums the JSON reports of vitest and Playwright into one plain closing line,
// "Tests: N passed, N failed, N skipped", after the name of each failed test and its first error
// line. Exits 1 when a test failed or a report is missing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);

// One vitest report, or one per half when the suite ran in halves (scripts/test.mjs).
const vitestReports = existsSync('reports') ? readdirSync('reports').filter((f) => /^vitest.*\.json$/.test(f)) : [];
for (const report of vitestReports) {
  const r = JSON.parse(readFileSync(`reports/${report}`, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      // vitest reports a test that ran out of time as a bare STACK_TRACE_ERROR.
      const line = firstLine(t.failureMessages?.[0]);
      const why = line === 'Error: STACK_TRACE_ERROR' ? `timed out after ${Math.round(t.duration ?? 0)} ms` : line;
      failures.push(`vitest ${name} › ${t.fullName}: ${why}`);
    }
    // A file that failed outside any test (an import or a hook) has no failed test to name.
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`vitest ${name}: ${firstLine(file.message)}`);
      failed += 1;
    }
  }
}
if (vitestReports.length === 0) missing += 1;

const pw = 'reports/playwright.json';
if (existsSync(pw)) {
  const report = JSON.parse(readFileSync(pw, 'utf8'));
  const s = report.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`e2e ${spec.file ?? file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  for (const error of report.errors ?? []) failures.push(`e2e (run): ${firstLine(error.message)}`);
} else missing += 1;

for (const line of failures) console.log(`FAILED ${line}`);
console.log(
  `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped${missing ? `, ${missing} report(s) missing` : ''}`,
);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
