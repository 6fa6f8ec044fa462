const { existsSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');

// Same name as OPENAPI_TALLY_FILE_ENV in openapi-tally.ts: each test file appends how many responses it
// checked against the OpenAPI document; workers inherit the variable, set here before they start.
const TALLY_ENV = 'DMS_OPENAPI_TALLY_FILE';
const SKIPPED_TITLE = 'skipped: ';

// Prints the plain closing lines CI reads after Jest's own summary:
// "openapi: N responses checked, N broke the document" and "jest: N passed, N failed, N skipped".
class SummaryReporter {
  // At the start of the run, not in the constructor: after the global setup (so in the run's temporary
  // directory, see test/support/run-temp-dir.ts), and never when that setup fails and no run follows.
  onRunStart() {
    if (!process.env[TALLY_ENV]) {
      this.ownTally = join(mkdtempSync(join(tmpdir(), 'dms-openapi-tally-')), 'tally.jsonl');
      process.env[TALLY_ENV] = this.ownTally;
    }
  }

  onRunComplete(_contexts, results) {
    const file = process.env[TALLY_ENV];
    if (file && existsSync(file)) {
      let checked = 0;
      let problems = 0;
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const tally = JSON.parse(line);
        checked += tally.checked;
        problems += tally.problems;
      }
      process.stdout.write(`\nopenapi: ${checked} responses checked, ${problems} broke the document\n`);
    }
    if (this.ownTally) rmSync(dirname(this.ownTally), { recursive: true, force: true });
    // A test titled "skipped: <why>" (a scenario whose client this machine lacks, see
    // test/conformance) only checks that the runner skipped it for that reason: counted as skipped.
    const skippedByTitle = results.testResults
      .flatMap((file) => file.testResults)
      .filter((test) => test.status === 'passed' && test.title.startsWith(SKIPPED_TITLE));
    for (const test of skippedByTitle) process.stdout.write(`\n${test.title}`);
    const skipped = results.numPendingTests + results.numTodoTests + skippedByTitle.length;
    process.stdout.write(
      `\njest: ${results.numPassedTests - skippedByTitle.length} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`,
    );
  }
}

module.exports = SummaryReporter;
