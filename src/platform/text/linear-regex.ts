import { RE2JS } from 're2js';

// Every pattern a caller supplies (alert matchers, template helpers) runs in RE2's linear-time engine:
// no backtracking, so matching costs at most (program size x input length), and patterns needing
// backtracking (back-references, look-around) are refused when saved.
export const MAX_PATTERN_LENGTH = 1_000;
// Instructions of the compiled program; `a{1000}` is about 1,000. Bounds compile and match cost.
export const MAX_PROGRAM_SIZE = 1_000;

export class PatternRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PatternRefusedError';
  }
}

export interface LinearRegex {
  readonly source: string;
  readonly programSize: number;
  // True when the pattern matches anywhere in the input (as RegExp.prototype.test).
  test(input: string): boolean;
  // Capture `group` of each successive match; `charge` is told the worst-case work of each search
  // (program size x characters left) before it runs, and may throw to stop.
  groups(input: string, group: number, charge: (work: number) => void): Generator<string>;
}

class Re2Regex implements LinearRegex {
  readonly programSize: number;

  constructor(
    readonly source: string,
    private readonly compiled: RE2JS,
  ) {
    this.programSize = compiled.programSize();
  }

  test(input: string): boolean {
    return this.compiled.matcher(input).find();
  }

  *groups(input: string, group: number, charge: (work: number) => void): Generator<string> {
    const matcher = this.compiled.matcher(input);
    const inRange = group <= matcher.groupCount();
    let from = 0;
    for (;;) {
      charge(this.programSize * Math.max(1, input.length - from));
      if (!matcher.find()) return;
      from = matcher.end();
      yield inRange ? (matcher.group(group) ?? '') : '';
    }
  }
}

// Recently used patterns: the alert engine tests the same matchers on every report.
const CACHE_SIZE = 256;
const cache = new Map<string, LinearRegex>();

// Compiles a caller's pattern, or throws PatternRefusedError saying why it cannot run.
export function linearRegex(source: string): LinearRegex {
  const cached = cache.get(source);
  if (cached) {
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new PatternRefusedError(`a pattern can hold at most ${MAX_PATTERN_LENGTH} characters`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    throw new PatternRefusedError((error as Error).message);
  }
  const regex = new Re2Regex(source, compiled);
  if (regex.programSize > MAX_PROGRAM_SIZE) {
    throw new PatternRefusedError(`the pattern is too complex (more than ${MAX_PROGRAM_SIZE} instructions)`);
  }
  cache.set(source, regex);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return regex;
}

// Why a pattern cannot be used, or undefined when it can.
export function patternProblem(source: string): string | undefined {
  try {
    linearRegex(source);
    return undefined;
  } catch (error) {
    if (error instanceof PatternRefusedError) return error.reason;
    throw error;
  }
}
