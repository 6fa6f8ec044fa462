// Jest orders files by their last recorded duration, and on a fresh clone (CI) by file size, so a long
// file that is small (the alert state model: about five minutes) can start last and run alone on one
// worker while the other idles. Files that mark themselves on their first line with
// `// test-order: long (about N s)` start first, the longest marked first; the rest keep jest's order.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const MARK = /^\/\/ test-order: long \(about (\d+) s\)/;

function expectedSeconds(path) {
  try {
    const match = MARK.exec(readFileSync(path, 'utf8').slice(0, 200));
    return match === null ? undefined : Number(match[1]);
  } catch {
    return undefined;
  }
}

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const seconds = new Map(sorted.map((test) => [test, expectedSeconds(test.path)]));
    const long = sorted
      .filter((test) => seconds.get(test) !== undefined)
      .sort((a, b) => seconds.get(b) - seconds.get(a));
    return [...long, ...sorted.filter((test) => seconds.get(test) === undefined)];
  }
}

module.exports = LongFirstSequencer;
