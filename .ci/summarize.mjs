// Adds up the Vitest and Playwright JSON reports of a CI run and prints "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci/results';
const reports = ['unit.json', 'postgres.json', 'e2e.json'];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const name of reports) {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    console.log(`${name}: no report (the step did not run to the end)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON).
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else {
    // Playwright: a flaky test passed on retry and counts as passed.
    const s = report.stats;
    const errors = report.errors?.length ?? 0;
    passed += s.expected + s.flaky;
    failed += s.unexpected + errors;
    skipped += s.skipped;
    console.log(`${name}: ${s.expected + s.flaky} passed, ${s.unexpected + errors} failed`);
  }
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
