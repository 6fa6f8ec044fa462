import { parseTemplate } from './template-parser';
import { TemplateSyntaxError } from './template-syntax';

function syntaxError(source: string): TemplateSyntaxError {
  try {
    parseTemplate(source);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected a syntax error for ${source}`);
}

describe('parseTemplate', () => {
  it('should split text and interpolations when the template mixes both', () => {
    expect(parseTemplate('{"id": "${id}", "n": ${currentValue.number}}').nodes).toEqual([
      { kind: 'text', text: '{"id": "' },
      { kind: 'interpolation', expression: { kind: 'path', segments: ['id'] }, source: '${id}' },
      { kind: 'text', text: '", "n": ' },
      {
        kind: 'interpolation',
        expression: { kind: 'path', segments: ['currentValue', 'number'] },
        source: '${currentValue.number}',
      },
      { kind: 'text', text: '}' },
    ]);
  });

  it('should parse a helper call with string and number arguments when re.group is used', () => {
    const [node] = parseTemplate('${re.group(hostnameAndPort, "^([^:]+):", 1)}').nodes;
    expect(node).toEqual({
      kind: 'interpolation',
      source: '${re.group(hostnameAndPort, "^([^:]+):", 1)}',
      expression: {
        kind: 'call',
        helper: 're.group',
        args: [
          { kind: 'path', segments: ['hostnameAndPort'] },
          { kind: 'string', value: '^([^:]+):' },
          { kind: 'number', value: 1 },
        ],
      },
    });
  });

  it('should keep a brace inside a string literal when it closes no interpolation', () => {
    const [node] = parseTemplate('${re.findAllGroup(humanReadable, "a{2}", 0)}').nodes;
    expect(node).toMatchObject({
      expression: { kind: 'call', args: [{}, { kind: 'string', value: 'a{2}' }, {}] },
    });
  });

  it('should accept raw strings so regular expressions need no double escaping', () => {
    const [node] = parseTemplate('${re.group(metricName, r"(\\w+)_(\\w+)", 2)}').nodes;
    expect(node).toMatchObject({
      expression: { args: [{}, { kind: 'string', value: '(\\w+)_(\\w+)' }, {}] },
    });
  });

  it('should parse the default operator with and without a fallback', () => {
    expect(parseTemplate('${replicaSetName!"none"}${clusterName!}').nodes).toEqual([
      {
        kind: 'interpolation',
        source: '${replicaSetName!"none"}',
        expression: {
          kind: 'default',
          value: { kind: 'path', segments: ['replicaSetName'] },
          fallback: { kind: 'string', value: 'none' },
        },
      },
      {
        kind: 'interpolation',
        source: '${clusterName!}',
        expression: { kind: 'default', value: { kind: 'path', segments: ['clusterName'] }, fallback: null },
      },
    ]);
  });

  it('should treat a dollar sign without a brace and FreeMarker directives as text', () => {
    expect(parseTemplate('cost $5 <#if x>y</#if>').nodes).toEqual([
      { kind: 'text', text: 'cost $5 <#if x>y</#if>' },
    ]);
  });

  it('should report line and column when an interpolation is not closed', () => {
    const error = syntaxError('{\n  "id": "${id"\n}');
    expect(error.reason).toBe('unclosed "${"');
    expect([error.line, error.column]).toEqual([2, 10]);
  });

  it('should refuse an empty interpolation', () => {
    expect(syntaxError('${ }').reason).toBe('empty interpolation');
  });

  it('should refuse an unknown helper', () => {
    expect(syntaxError('${str.upper(id)}').reason).toMatch(/^unknown helper "str.upper"/);
  });

  it('should refuse a helper call with the wrong number of arguments', () => {
    expect(syntaxError('${re.group(id, "x")}').reason).toBe('re.group takes 3 arguments, got 2');
  });

  it('should refuse an invalid literal regular expression', () => {
    expect(syntaxError('${re.group(id, "(", 1)}').reason).toMatch(/^invalid regular expression in re.group/);
  });

  it('should refuse a negative group number', () => {
    expect(syntaxError('${re.group(id, "x", -1)}').reason).toBe(
      'the group number of re.group must be a non-negative integer',
    );
  });

  it('should refuse FreeMarker built-ins', () => {
    expect(syntaxError('${currentValue.number?c}').reason).toBe(
      'FreeMarker built-ins ("?") are not supported',
    );
  });

  it('should refuse an unterminated string literal', () => {
    expect(syntaxError('${re.group(id, "abc)}').reason).toBe('unclosed "${"');
    expect(syntaxError("${a!'x}").reason).toBe('unclosed "${"');
  });

  it('should refuse trailing tokens after a complete expression', () => {
    expect(syntaxError('${id name}').reason).toBe('unexpected "name"');
  });

  it('should refuse a dot that is not followed by a name', () => {
    expect(syntaxError('${links.}').reason).toBe(
      'expected a name after "." but found the end of the interpolation',
    );
  });
});
