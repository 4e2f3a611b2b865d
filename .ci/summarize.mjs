// Adds up the Vitest and Playwright JSON reports of a CI run and prints "N passed, N failed", after
// the name and first error line of each failed test, so that the last lines of a run say what failed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci/results';
const reports = ['unit.json', 'ahead.json', 'postgres.json', 'cluster.json', 'e2e.json'];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// The terminal's colour codes, which test runners put in their messages.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 240) ?? '';

// Playwright nests suites (files, describes) and gives each test its results, one per try.
function playwrightFailures(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      failures.push(`${[...here, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

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
    for (const result of report.testResults ?? []) {
      const file = path.relative(process.cwd(), result.name ?? '');
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) {
        failures.push(`${name} ${file} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
      if (failedTests.length === 0 && result.status === 'failed') {
        failures.push(`${name} ${file}: ${firstLine(result.message)}`);
      }
    }
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
    for (const suite of report.suites ?? []) playwrightFailures(suite, [name]);
    for (const error of report.errors ?? []) failures.push(`${name}: ${firstLine(error.message)}`);
    console.log(`${name}: ${s.expected + s.flaky} passed, ${s.unexpected + errors} failed`);
  }
}

const checksExit = path.join(dir, 'checks.exit');
if (existsSync(checksExit) && readFileSync(checksExit, 'utf8').trim() !== '0') {
  console.log('format, lint or typecheck failed');
  failed += 1;
}

if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures) console.log(`- ${failure}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
