import fc from 'fast-check';
import { DEFAULT_RENDER_LIMITS } from './render-budget';
import { parseTemplate } from './template-parser';
import { renderTemplate, renderWebhookBody } from './template-renderer';
import { TemplateBudgetError, TemplateRenderError, TemplateSyntaxError } from './template-syntax';

const alert = {
  humanReadable: 'Host db0.example.com:27017 is down since 2024-01-01T00:00:00Z.',
  hostnameAndPort: 'db0.example.com:27017',
  tags: ['a', 'b'],
  currentValue: { number: 1, units: 'RAW' },
};

function nested(helper: string, inner: string, times: number, pattern = '""'): string {
  let expression = inner;
  for (let i = 0; i < times; i++) expression = `${helper}(${expression}, ${pattern}, 0)`;
  return expression;
}

const UNTIMED_LIMITS = { ...DEFAULT_RENDER_LIMITS, maxMillis: 10 * 60_000 };

describe('render budget', () => {
  it('should stop the findAllGroup attack while rendering with a budget error', () => {
    // The reported attack: about 1,200 characters, findAllGroup(..., "", 0) nested a few times.
    const template = `{"a": "\${${nested('re.findAllGroup', 'humanReadable', 6)}}", "pad": "${'p'.repeat(900)}"}`;
    expect(template.length).toBeGreaterThan(1_000);
    const result = renderWebhookBody(template, alert, 10_000);
    expect(result).toMatchObject({ ok: false, overBudget: true });
  });

  it('should refuse an intermediate value over the limit before using it', () => {
    const limits = { ...DEFAULT_RENDER_LIMITS, maxValueChars: 100 };
    const template = parseTemplate(`\${${nested('re.findAllGroup', 'humanReadable', 2)}}`);
    expect(() => renderTemplate(template, alert, limits)).toThrow(TemplateBudgetError);
    expect(() => renderTemplate(template, alert, limits)).toThrow(/exceeds 100 characters/);
  });

  it('should refuse more matches than a list may hold', () => {
    const limits = { ...DEFAULT_RENDER_LIMITS, maxListItems: 10 };
    const template = parseTemplate('${re.findAllGroup(humanReadable, ".", 0)}');
    expect(() => renderTemplate(template, alert, limits)).toThrow(/more than 10 matches/);
  });

  it('should count steps and regex work', () => {
    const template = parseTemplate(
      '${re.group(humanReadable, "(\\\\w+)", 1)}${re.group(humanReadable, "x", 0)}',
    );
    expect(renderTemplate(template, alert)).toBe('Hostx');
    expect(() => renderTemplate(template, alert, { ...DEFAULT_RENDER_LIMITS, maxSteps: 3 })).toThrow(
      /more than 3 steps/,
    );
    expect(() => renderTemplate(template, alert, { ...DEFAULT_RENDER_LIMITS, maxRegexWork: 10 })).toThrow(
      /need too much work/,
    );
  });

  it('should refuse nesting deeper than the parser allows', () => {
    expect(() => parseTemplate(`\${${nested('re.group', 'humanReadable', 9, '"a"')}}`)).toThrow(
      /nested at most 8/,
    );
    expect(() => parseTemplate(`\${${nested('re.group', 'humanReadable', 8, '"a"')}}`)).not.toThrow();
  });

  // Random nested helper calls over random inputs: the renderer returns or throws one of its own
  // errors, within a small time budget, and never returns more than the output limit.
  it('should always return or throw a bounded error within its budget', () => {
    const leaf = fc.oneof(
      fc.constantFrom('humanReadable', 'hostnameAndPort', 'tags', 'currentValue', 'missing!"d"'),
      fc.string({ maxLength: 40 }).map((text) => JSON.stringify(text)),
    );
    const pattern = fc.constantFrom('""', '"."', '"(.)"', '"a*"', '"(\\\\w+)"', '"(a+)+$"', '"["', '"x|y|"');
    const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc
          .tuple(fc.constantFrom('re.group', 're.findAllGroup'), tie('expr'), pattern, fc.nat(3))
          .map(([helper, input, regex, group]) => `${helper}(${input}, ${regex}, ${group})`),
      ),
    })).expr;
    fc.assert(
      fc.property(fc.array(expression, { minLength: 1, maxLength: 4 }), fc.nat(500), (parts, pad) => {
        const source = `{"v": [${parts.map((part) => `"\${${part}}"`).join(', ')}], "p": "${'p'.repeat(pad)}"}`;
        let output: string | undefined;
        try {
          // The wall-clock backstop is pushed out of reach: the counted budgets alone must stop every
          // expression, or the property runs into the test's timeout.
          output = renderTemplate(parseTemplate(source), alert, UNTIMED_LIMITS);
        } catch (error) {
          expect(error instanceof TemplateRenderError || error instanceof TemplateSyntaxError).toBe(true);
        }
        if (output !== undefined)
          expect(output.length).toBeLessThanOrEqual(DEFAULT_RENDER_LIMITS.maxOutputChars);
      }),
      { seed: 17, numRuns: 300 },
    );
  });
});
