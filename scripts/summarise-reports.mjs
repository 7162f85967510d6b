// Adds up the JSON reports the test runs wrote (unit, e2e, smoke) and prints one closing line,
// "N passed, N failed", that CI reads. Exits non-zero if a report is missing or anything failed.
import { existsSync, readFileSync } from 'node:fs';

// The e2e run's Vitest root is e2e/, so its relative report path lands under e2e/reports/.
const expected = [['reports/unit.json'], ['reports/e2e.json', 'e2e/reports/e2e.json'], ['reports/smoke.json']];
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const candidates of expected) {
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) {
    console.log(`${candidates[0]}: missing (that run did not finish)`);
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
