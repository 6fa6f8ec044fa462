import { linearRegex, PatternRefusedError } from '../../../../platform/text/linear-regex';
import type { RenderBudget } from './render-budget';
import {
  ParsedTemplate,
  TEMPLATE_HELPERS,
  TemplateNode,
  TemplateSyntaxError,
  type Expression,
} from './template-syntax';

type Token =
  | { type: 'ident'; value: string; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: '.' | '(' | ')' | ',' | '!' | 'end'; at: number };

// Deeper nesting has no use in a webhook payload and only multiplies a render's work.
const MAX_CALL_DEPTH = 8;
const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '"': '"',
  "'": "'",
  '\\': '\\',
  $: '$',
  '{': '{',
};

function position(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

class ExpressionParser {
  private readonly tokens: Token[] = [];
  private index = 0;
  private depth = 0;

  constructor(
    private readonly source: string,
    private readonly start: number,
    private readonly end: number,
    private readonly budget: RenderBudget | undefined,
  ) {}

  parse(): Expression {
    this.tokenize();
    if (this.peek().type === 'end') this.fail('empty interpolation', this.start - 2);
    const expression = this.expression();
    const next = this.peek();
    if (next.type !== 'end') this.fail(`unexpected ${this.describe(next)}`, next.at);
    return expression;
  }

  private expression(): Expression {
    const value = this.primary();
    if (this.peek().type !== '!') return value;
    this.index++;
    const next = this.peek();
    const fallback = next.type === 'end' || next.type === ')' || next.type === ',' ? null : this.primary();
    return { kind: 'default', value, fallback };
  }

  private primary(): Expression {
    const token = this.take();
    if (token.type === 'string') return { kind: 'string', value: token.value };
    if (token.type === 'number') return { kind: 'number', value: token.value };
    if (token.type !== 'ident') this.fail(`unexpected ${this.describe(token)}`, token.at);
    const segments = [token.value];
    while (this.peek().type === '.') {
      this.index++;
      const segment = this.take();
      if (segment.type !== 'ident') {
        this.fail(`expected a name after "." but found ${this.describe(segment)}`, segment.at);
      }
      segments.push(segment.value);
    }
    if (this.peek().type !== '(') return { kind: 'path', segments };
    return this.call(segments.join('.'), token.at);
  }

  private call(helper: string, at: number): Expression {
    const arity = TEMPLATE_HELPERS[helper];
    if (arity === undefined) {
      this.fail(`unknown helper "${helper}" (available: ${Object.keys(TEMPLATE_HELPERS).join(', ')})`, at);
    }
    if (++this.depth > MAX_CALL_DEPTH) {
      this.fail(`helper calls can be nested at most ${MAX_CALL_DEPTH} deep`, at);
    }
    this.index++;
    const args: Expression[] = [];
    if (this.peek().type !== ')') {
      for (;;) {
        args.push(this.expression());
        const separator = this.take();
        if (separator.type === ')') break;
        if (separator.type !== ',') {
          this.fail(`expected "," or ")" but found ${this.describe(separator)}`, separator.at);
        }
      }
    } else {
      this.index++;
    }
    this.depth--;
    if (args.length !== arity) this.fail(`${helper} takes ${arity} arguments, got ${args.length}`, at);
    this.checkRegexArguments(helper, args, at);
    return { kind: 'call', helper, args };
  }

  // A literal regular expression or group number is checked at save time, not first at delivery; its
  // compilation is charged to the budget, if any.
  private checkRegexArguments(helper: string, args: Expression[], at: number): void {
    const [, regex, group] = args;
    if (regex.kind === 'string') {
      try {
        const { programSize } = linearRegex(regex.value);
        this.budget?.compile(regex.value, programSize);
      } catch (error) {
        if (!(error instanceof PatternRefusedError)) throw error;
        this.fail(`invalid regular expression in ${helper}: ${error.reason}`, at);
      }
    }
    if (group.kind === 'number' && (!Number.isInteger(group.value) || group.value < 0)) {
      this.fail(`the group number of ${helper} must be a non-negative integer`, at);
    }
  }

  private tokenize(): void {
    let i = this.start;
    const s = this.source;
    while (i < this.end) {
      const c = s[i];
      if (/\s/.test(c)) {
        i++;
      } else if (c === '.' || c === '(' || c === ')' || c === ',' || c === '!') {
        this.tokens.push({ type: c, at: i });
        i++;
      } else if (c === '"' || c === "'" || (c === 'r' && (s[i + 1] === '"' || s[i + 1] === "'"))) {
        i = this.readString(i);
      } else if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(s[i + 1] ?? ''))) {
        const match = /^-?\d+(\.\d+)?/.exec(s.slice(i, this.end));
        const text = match ? match[0] : c;
        this.tokens.push({ type: 'number', value: Number(text), at: i });
        i += text.length;
      } else if (IDENT_START.test(c)) {
        let j = i + 1;
        while (j < this.end && IDENT_PART.test(s[j])) j++;
        this.tokens.push({ type: 'ident', value: s.slice(i, j), at: i });
        i = j;
      } else if (c === '?') {
        this.fail('FreeMarker built-ins ("?") are not supported', i);
      } else {
        this.fail(`unexpected character "${c}"`, i);
      }
    }
    this.tokens.push({ type: 'end', at: this.end });
  }

  private readString(from: number): number {
    const raw = this.source[from] === 'r';
    const quoteAt = raw ? from + 1 : from;
    const quote = this.source[quoteAt];
    let value = '';
    let i = quoteAt + 1;
    while (i < this.end && this.source[i] !== quote) {
      if (!raw && this.source[i] === '\\') {
        const escaped = ESCAPES[this.source[i + 1] ?? ''];
        if (escaped === undefined) this.fail(`unknown escape "\\${this.source[i + 1] ?? ''}"`, i);
        value += escaped;
        i += 2;
      } else {
        value += this.source[i];
        i++;
      }
    }
    if (i >= this.end) this.fail('unterminated string literal', from);
    this.tokens.push({ type: 'string', value, at: from });
    return i + 1;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private take(): Token {
    const token = this.tokens[this.index];
    if (token.type !== 'end') this.index++;
    return token;
  }

  private describe(token: Token): string {
    if (token.type === 'end') return 'the end of the interpolation';
    if (token.type === 'ident') return `"${token.value}"`;
    if (token.type === 'string') return 'a string';
    if (token.type === 'number') return `the number ${token.value}`;
    return `"${token.type}"`;
  }

  private fail(reason: string, offset: number): never {
    const { line, column } = position(this.source, offset);
    throw new TemplateSyntaxError(reason, line, column);
  }
}

// Finds the `}` closing an interpolation that starts at `from`, skipping braces inside string literals.
function closingBrace(source: string, from: number): number {
  let quote: string | null = null;
  let raw = false;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (quote !== null) {
      if (!raw && c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
      raw = source[i - 1] === 'r';
    } else if (c === '}') {
      return i;
    }
  }
  return -1;
}

// Parses a webhook body or headers template. Everything outside `${...}` is literal text (FreeMarker
// directives such as `<#if>` are not interpreted). Throws TemplateSyntaxError with line and column.
export function parseTemplate(source: string, budget?: RenderBudget): ParsedTemplate {
  const nodes: TemplateNode[] = [];
  let text = '';
  let i = 0;
  while (i < source.length) {
    if (source[i] === '$' && source[i + 1] === '{') {
      const close = closingBrace(source, i + 2);
      if (close < 0) {
        const { line, column } = position(source, i);
        throw new TemplateSyntaxError('unclosed "${"', line, column);
      }
      if (text !== '') nodes.push({ kind: 'text', text });
      text = '';
      const expression = new ExpressionParser(source, i + 2, close, budget).parse();
      nodes.push({ kind: 'interpolation', expression, source: source.slice(i, close + 1) });
      i = close + 1;
    } else {
      text += source[i];
      i++;
    }
  }
  if (text !== '') nodes.push({ kind: 'text', text });
  return { nodes };
}
