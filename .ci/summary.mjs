// Adds up the JSON reports of Vitest and Playwright that .ci/run asked for and
// prints one closing line: "ci: N passed, N failed, N skipped".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (file.startsWith('vitest-')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } else if (file.startsWith('playwright')) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky += report.stats.flaky;
  }
  console.log(`  ${file}`);
}
// A test that needed its CI retry counts as passed but is named, so flakiness is seen and fixed.
const flakyNote = flaky > 0 ? ` (${flaky} of them only on a retry: flaky)` : '';
console.log(`ci: ${passed} passed${flakyNote}, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
