import { linearRegex, MAX_PATTERN_LENGTH, patternProblem } from './linear-regex';

describe('linearRegex', () => {
  it('should match as RegExp.test does for ordinary patterns', () => {
    expect(linearRegex('^db[0-9]+\\.example\\.com$').test('db12.example.com')).toBe(true);
    expect(linearRegex('^db[0-9]+$').test('db12.example.com')).toBe(false);
    expect(linearRegex('example').test('db.example.com')).toBe(true);
  });

  it('should answer catastrophic-backtracking patterns a backtracking engine would never finish', () => {
    // 2^61 and Fibonacci(5,000) paths: only a linear-time engine returns before the test times out.
    expect(linearRegex('^(a+)+$').test(`${'a'.repeat(61)}!`)).toBe(false);
    expect(linearRegex('^(a|aa)*b$').test('a'.repeat(5_000))).toBe(false);
  });

  it('should refuse back-references, look-around, over-long and over-complex patterns with a reason', () => {
    expect(patternProblem('(a)\\1')).toMatch(/invalid escape/);
    expect(patternProblem('a(?=b)')).toMatch(/unsupported/);
    expect(patternProblem('(a')).toMatch(/missing closing/);
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toMatch(/at most 1000 characters/);
    expect(patternProblem('[a-z]{1000}')).toMatch(/too complex/);
    expect(patternProblem('^[a-z0-9.-]+:270[0-9]{2}$')).toBeUndefined();
  });

  it('should list each match group, charging the worst case of each search first', () => {
    const charges: number[] = [];
    const regex = linearRegex('(\\w+)@(\\w+)');
    expect([...regex.groups('a@b, c@d', 2, (work) => charges.push(work))]).toEqual(['b', 'd']);
    expect(charges).toHaveLength(3);
    expect(charges[0]).toBe(regex.programSize * 8);
    expect([...regex.groups('a@b', 7, () => undefined)]).toEqual(['']);
    expect(() => [
      ...regex.groups('a@b', 1, () => {
        throw new Error('over budget');
      }),
    ]).toThrow('over budget');
  });
});
