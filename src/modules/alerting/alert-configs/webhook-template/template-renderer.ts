import { linearRegex, PatternRefusedError, type LinearRegex } from '../../../../platform/text/linear-regex';
import { DEFAULT_RENDER_LIMITS, RenderBudget, type RenderLimits } from './render-budget';
import { parseTemplate } from './template-parser';
import {
  ParsedTemplate,
  TemplateBudgetError,
  TemplateRenderError,
  TemplateSyntaxError,
  type Expression,
} from './template-syntax';

type Value = string | number | boolean | null | undefined | Value[] | { [key: string]: Value };

function lookup(context: Record<string, unknown>, segments: string[]): Value {
  let current: unknown = context;
  for (const segment of segments) {
    if (
      current === null ||
      typeof current !== 'object' ||
      !Object.prototype.hasOwnProperty.call(current, segment)
    ) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[segment];
  }
  return current as Value;
}

function asText(value: Value, what: string, budget: RenderBudget): string {
  if (value === undefined || value === null) throw new TemplateRenderError(`${what} is missing`);
  if (typeof value === 'string') return budget.value(value, what);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return budget.value(JSON.stringify(value), what);
}

function asGroup(value: Value, helper: string): number {
  const group = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(group) || group < 0) {
    throw new TemplateRenderError(`the group number of ${helper} is invalid`);
  }
  return group;
}

function regexOf(source: string, helper: string, budget: RenderBudget): LinearRegex {
  try {
    const regex = linearRegex(source);
    budget.compile(source, regex.programSize);
    return regex;
  } catch (error) {
    if (error instanceof PatternRefusedError) {
      throw new TemplateRenderError(`invalid regular expression in ${helper}: ${error.reason}`);
    }
    throw error;
  }
}

function describe(expression: Expression): string {
  switch (expression.kind) {
    case 'path':
      return expression.segments.join('.');
    case 'call':
      return `${expression.helper}(...)`;
    case 'default':
      return describe(expression.value);
    case 'string':
    case 'number':
      return String(expression.value);
  }
}

function callHelper(
  expression: Extract<Expression, { kind: 'call' }>,
  context: Record<string, unknown>,
  budget: RenderBudget,
): Value {
  const [input, regex, group] = expression.args.map((arg) => evaluate(arg, context, budget));
  const text = asText(input, describe(expression.args[0]), budget);
  const pattern = asText(regex, describe(expression.args[1]), budget);
  const index = asGroup(group, expression.helper);
  const matches = regexOf(pattern, expression.helper, budget).groups(text, index, (work) =>
    budget.regex(work),
  );
  if (expression.helper === 're.group') {
    const first = matches.next();
    return first.done ? '' : first.value;
  }
  const found: string[] = [];
  let chars = 0;
  for (const match of matches) {
    found.push(match);
    chars += match.length;
    budget.list(found.length, chars, expression.helper);
  }
  return found;
}

function evaluate(expression: Expression, context: Record<string, unknown>, budget: RenderBudget): Value {
  budget.step();
  switch (expression.kind) {
    case 'string':
    case 'number':
      return expression.value;
    case 'path':
      return lookup(context, expression.segments);
    case 'default': {
      const value = evaluate(expression.value, context, budget);
      if (value !== undefined && value !== null) return value;
      return expression.fallback ? evaluate(expression.fallback, context, budget) : '';
    }
    case 'call':
      return callHelper(expression, context, budget);
  }
}

// JSON templates put values inside JSON strings, so text is escaped for that position; structured
// values (links, tags ...) are written as JSON.
function interpolate(value: Value, what: string, budget: RenderBudget): string {
  if (typeof value === 'string') return budget.value(JSON.stringify(value).slice(1, -1), what);
  return asText(value, what, budget);
}

// Renders a parsed template against the alert's variables; a missing variable without a `!` default
// fails, as in FreeMarker. The budget is checked while rendering (TemplateBudgetError), never after.
// A budget passed in is shared: what this render uses is no longer there for the next one.
export function renderTemplate(
  template: ParsedTemplate,
  context: Record<string, unknown>,
  limits: RenderLimits = DEFAULT_RENDER_LIMITS,
  budget: RenderBudget = new RenderBudget(limits),
): string {
  const parts: string[] = [];
  let length = 0;
  for (const node of template.nodes) {
    const part =
      node.kind === 'text'
        ? node.text
        : interpolate(evaluate(node.expression, context, budget), describe(node.expression), budget);
    length += part.length;
    budget.output(length);
    parts.push(part);
  }
  return parts.join('');
}

// overBudget: the template needs more than a render may use (RenderLimits), whatever the alert.
export type WebhookRender<T> = { ok: true; value: T } | { ok: false; reason: string; overBudget?: true };

function render(
  source: string,
  context: Record<string, unknown>,
  maxLength: number,
  budget?: RenderBudget,
): WebhookRender<{ output: string; json: unknown }> {
  try {
    const limits = { ...DEFAULT_RENDER_LIMITS, maxOutputChars: maxLength };
    const shared = budget ?? new RenderBudget(limits);
    const output = renderTemplate(parseTemplate(source, shared), context, limits, shared);
    return { ok: true, value: { output, json: JSON.parse(output) as unknown } };
  } catch (error) {
    if (error instanceof TemplateBudgetError) return { ok: false, reason: error.message, overBudget: true };
    // A RangeError (call stack, string length) is a budget the engine enforced before ours did.
    if (error instanceof RangeError) {
      return {
        ok: false,
        reason: `the template exceeds the render limits: ${error.message}`,
        overBudget: true,
      };
    }
    if (
      error instanceof TemplateSyntaxError ||
      error instanceof TemplateRenderError ||
      error instanceof SyntaxError
    ) {
      return { ok: false, reason: error.message };
    }
    throw error;
  }
}

// Body template: must render a JSON document; on failure the sender falls back to the default payload.
export function renderWebhookBody(
  source: string,
  context: Record<string, unknown>,
  maxLength: number,
  budget?: RenderBudget,
): WebhookRender<string> {
  const rendered = render(source, context, maxLength, budget);
  return rendered.ok ? { ok: true, value: rendered.value.output } : rendered;
}

// Headers template: must render a JSON object of header name -> string value.
export function renderWebhookHeaders(
  source: string,
  context: Record<string, unknown>,
  maxLength: number,
): WebhookRender<Record<string, string>> {
  const rendered = render(source, context, maxLength);
  if (!rendered.ok) return rendered;
  const value = rendered.value.json;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'the headers template must render a JSON object' };
  }
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) {
    if (typeof header !== 'string') return { ok: false, reason: `header ${name} must be a string` };
    headers[name] = header;
  }
  return { ok: true, value: headers };
}
