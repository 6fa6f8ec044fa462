import { parseTemplate } from './template-parser';
import { ParsedTemplate, TemplateRenderError, TemplateSyntaxError, type Expression } from './template-syntax';

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

function asText(value: Value, what: string): string {
  if (value === undefined || value === null) throw new TemplateRenderError(`${what} is missing`);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asGroup(value: Value, helper: string): number {
  const group = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(group) || group < 0) {
    throw new TemplateRenderError(`the group number of ${helper} is invalid`);
  }
  return group;
}

function regexOf(source: string, helper: string, flags: string): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new TemplateRenderError(`invalid regular expression in ${helper}: ${(error as Error).message}`);
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

function evaluate(expression: Expression, context: Record<string, unknown>): Value {
  switch (expression.kind) {
    case 'string':
    case 'number':
      return expression.value;
    case 'path':
      return lookup(context, expression.segments);
    case 'default': {
      const value = evaluate(expression.value, context);
      if (value !== undefined && value !== null) return value;
      return expression.fallback ? evaluate(expression.fallback, context) : '';
    }
    case 'call': {
      const [input, regex, group] = expression.args.map((arg) => evaluate(arg, context));
      const text = asText(input, describe(expression.args[0]));
      const pattern = asText(regex, describe(expression.args[1]));
      const index = asGroup(group, expression.helper);
      if (expression.helper === 're.group') {
        return regexOf(pattern, expression.helper, '').exec(text)?.[index] ?? '';
      }
      return [...text.matchAll(regexOf(pattern, expression.helper, 'g'))].map((match) => match[index] ?? '');
    }
  }
}

// JSON templates put values inside JSON strings, so text is escaped for that position; structured
// values (links, tags ...) are written as JSON.
function interpolate(value: Value, what: string): string {
  if (typeof value === 'string') return JSON.stringify(value).slice(1, -1);
  return asText(value, what);
}

// Renders a parsed template against the alert's variables; a missing variable without a `!` default
// fails, as in FreeMarker.
export function renderTemplate(template: ParsedTemplate, context: Record<string, unknown>): string {
  return template.nodes
    .map((node) =>
      node.kind === 'text'
        ? node.text
        : interpolate(evaluate(node.expression, context), describe(node.expression)),
    )
    .join('');
}

export type WebhookRender<T> = { ok: true; value: T } | { ok: false; reason: string };

function render(
  source: string,
  context: Record<string, unknown>,
  maxLength: number,
): WebhookRender<{ output: string; json: unknown }> {
  try {
    const output = renderTemplate(parseTemplate(source), context);
    if (output.length > maxLength) {
      return { ok: false, reason: `the rendered output exceeds ${maxLength} characters` };
    }
    return { ok: true, value: { output, json: JSON.parse(output) as unknown } };
  } catch (error) {
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
): WebhookRender<string> {
  const rendered = render(source, context, maxLength);
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
