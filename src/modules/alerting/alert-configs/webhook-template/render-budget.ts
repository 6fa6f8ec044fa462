import { TemplateBudgetError } from './template-syntax';

// What one render may use. Every intermediate value is checked when it is made, so no helper call can
// build a value larger than these before the render stops.
export interface RenderLimits {
  // Characters of the rendered document.
  maxOutputChars: number;
  // Characters of any intermediate text (a variable, a helper's input or its JSON-encoded result).
  maxValueChars: number;
  // Items of one re.findAllGroup result.
  maxListItems: number;
  // Expression evaluations plus regular-expression searches.
  maxSteps: number;
  // Sum over searches of (pattern program size x characters searched): the linear engine's worst case.
  maxRegexWork: number;
  // Wall-clock backstop, checked at every step.
  maxMillis: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  maxOutputChars: 10_000,
  maxValueChars: 20_000,
  maxListItems: 1_000,
  maxSteps: 10_000,
  maxRegexWork: 2_000_000,
  maxMillis: 250,
};

const CLOCK_EVERY_STEPS_MASK = 15;

// Compiling a pattern costs about as much as this many units of match work per instruction of its program
// (re2js: ~10 us per instruction compiled, ~0.1 us per instruction and character matched).
export const COMPILE_WORK_PER_INSTRUCTION = 100;

function processCpuMillis(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// Counts what a render has used and throws TemplateBudgetError as soon as a limit is passed.
export class RenderBudget {
  private steps = 0;
  private regexWork = 0;
  private readonly compiled = new Set<string>();
  private readonly deadline: number;

  // The backstop counts this process's CPU time, not the wall clock: a render is synchronous, so a
  // loaded machine that merely preempts the process must not turn an ordinary template into a failed
  // one. Read every few steps, as reading it is a system call.
  constructor(
    readonly limits: RenderLimits,
    private readonly now: () => number = processCpuMillis,
  ) {
    this.deadline = now() + limits.maxMillis;
  }

  step(): void {
    this.steps++;
    if (this.steps > this.limits.maxSteps) {
      throw new TemplateBudgetError(`the template needs more than ${this.limits.maxSteps} steps`);
    }
    if ((this.steps & CLOCK_EVERY_STEPS_MASK) === 0 && this.now() > this.deadline) {
      throw new TemplateBudgetError(
        `the template used more than ${this.limits.maxMillis} ms of CPU to render`,
      );
    }
  }

  regex(work: number): void {
    this.step();
    this.regexWork += work;
    if (this.regexWork > this.limits.maxRegexWork) {
      throw new TemplateBudgetError("the template's regular expressions need too much work");
    }
  }

  // A pattern is charged once per budget, whether the engine's cache held it or not.
  compile(source: string, programSize: number): void {
    if (this.compiled.has(source)) return;
    this.compiled.add(source);
    this.regex(programSize * COMPILE_WORK_PER_INSTRUCTION);
  }

  value(text: string, what: string): string {
    if (text.length > this.limits.maxValueChars) {
      throw new TemplateBudgetError(`${what} exceeds ${this.limits.maxValueChars} characters`);
    }
    return text;
  }

  list(items: number, chars: number, helper: string): void {
    if (items > this.limits.maxListItems) {
      throw new TemplateBudgetError(`${helper} found more than ${this.limits.maxListItems} matches`);
    }
    // The JSON text of the list: each item's characters, its quotes and a comma, and the brackets.
    if (chars + 3 * items + 2 > this.limits.maxValueChars) {
      throw new TemplateBudgetError(
        `the result of ${helper} exceeds ${this.limits.maxValueChars} characters`,
      );
    }
  }

  output(length: number): void {
    if (length > this.limits.maxOutputChars) {
      throw new TemplateBudgetError(`the rendered output exceeds ${this.limits.maxOutputChars} characters`);
    }
  }
}
