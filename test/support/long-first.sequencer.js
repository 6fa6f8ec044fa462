// Jest orders files by their last recorded duration, and on a fresh clone (CI) by file size, so a long
// file that is small (the alert state model: about five minutes) can start last and run alone on one
// worker while the other idles. Files that mark themselves with a first-line comment `// test-order: long`
// start first, longest marked first as the default order has them; the rest keep the default order.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const MARK = /^\/\/ test-order: long\b/;

function marked(path) {
  try {
    return MARK.test(readFileSync(path, 'utf8').slice(0, 200));
  } catch {
    return false;
  }
}

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const long = sorted.filter((test) => marked(test.path));
    return [...long, ...sorted.filter((test) => !long.includes(test))];
  }
}

module.exports = LongFirstSequencer;
