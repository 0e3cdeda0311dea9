#!/usr/bin/env node
// Prints one closing line for CI (unit and API on the embedded PostgreSQL, again on Node 24 against Debian's PostgreSQL, browser journeys), "N passed, N failed", from the JSON reports that vitest and Playwright write
// under test-results/ when CI=true.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const unit of ['test-results/unit.json', 'test-results/unit-node24.json']) {
  if (!existsSync(unit)) continue;
  const r = JSON.parse(readFileSync(unit, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const e2e = 'test-results/e2e.json';
if (existsSync(e2e)) {
  const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
