// Adds up the Vitest and Playwright JSON reports of a CI run and prints "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci/results';
const reports = ['unit.json', 'ahead.json', 'postgres.json', 'cluster.json', 'e2e.json'];
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
  const exitFile = file.replace(/\.json$/, '.exit');
  const exitCode = existsSync(exitFile) ? Number(readFileSync(exitFile, 'utf8').trim()) : 0;
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON).
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    if (exitCode !== 0 && report.numFailedTests === 0) {
      // Every test passed, yet the run failed: an unhandled error or a failed suite set-up.
      console.log(`${name}: the run exited with ${exitCode} (see its unhandled errors above)`);
      failed += 1;
    }
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

const checksExit = path.join(dir, 'checks.exit');
if (existsSync(checksExit) && readFileSync(checksExit, 'utf8').trim() !== '0') {
  console.log('format, lint or typecheck failed');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
