import { parseTemplate } from './template-parser';
import { renderTemplate, renderWebhookBody, renderWebhookHeaders } from './template-renderer';
import { TemplateRenderError } from './template-syntax';

const alert = {
  id: '5d1b6f8e8c2e4e2d3c4a5b6c',
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  hostnameAndPort: 'db1.example.com:27017',
  humanReadable: 'Disk "data" is 95.2% full',
  currentValue: { number: 95.2, units: 'RAW' },
  tags: ['prod', 'eu'],
  acknowledged: false,
};

const render = (source: string, context: Record<string, unknown> = alert) =>
  renderTemplate(parseTemplate(source), context);

describe('renderTemplate', () => {
  it('should replace names and dotted paths with their values', () => {
    expect(render('${eventTypeName} ${currentValue.number} ${currentValue.units} ${acknowledged}')).toBe(
      'OUTSIDE_METRIC_THRESHOLD 95.2 RAW false',
    );
  });

  it('should escape text for a JSON string when a value holds quotes', () => {
    expect(render('"${humanReadable}"')).toBe('"Disk \\"data\\" is 95.2% full"');
  });

  it('should write structured values as JSON', () => {
    expect(render('${tags}')).toBe('["prod","eu"]');
  });

  it('should return a regular expression group when re.group matches', () => {
    expect(render('${re.group(hostnameAndPort, "^([^:]+):(\\\\d+)$", 2)}')).toBe('27017');
  });

  it('should return an empty string when re.group does not match', () => {
    expect(render('[${re.group(eventTypeName, "^HOST_", 0)}]')).toBe('[]');
  });

  it('should return the group of every match when re.findAllGroup is used', () => {
    expect(render('${re.findAllGroup(hostnameAndPort, "([a-z0-9]+)\\\\.", 1)}')).toBe('["db1","example"]');
  });

  it('should use the fallback when a value is missing and a default is given', () => {
    expect(render('${replicaSetName!"none"}|${clusterName!}')).toBe('none|');
  });

  it('should fail when a value is missing and no default is given', () => {
    expect(() => render('${replicaSetName}')).toThrow(new TemplateRenderError('replicaSetName is missing'));
  });

  it('should fail when a regular expression built from a variable is invalid', () => {
    expect(() => render('${re.group(id, pattern, 1)}', { id: 'x', pattern: '(' })).toThrow(
      TemplateRenderError,
    );
  });
});

describe('renderWebhookBody', () => {
  it('should return the rendered text when it is valid JSON', () => {
    expect(renderWebhookBody('{"text": "${humanReadable}"}', alert, 1000)).toEqual({
      ok: true,
      value: '{"text": "Disk \\"data\\" is 95.2% full"}',
    });
  });

  it('should fail when the output is not JSON', () => {
    const result = renderWebhookBody('{"text": ${eventTypeName}}', alert, 1000);
    expect(result.ok).toBe(false);
  });

  it('should fail when the output exceeds the limit', () => {
    expect(renderWebhookBody('"${humanReadable}"', alert, 10)).toEqual({
      ok: false,
      reason: 'the rendered output exceeds 10 characters',
      overBudget: true,
    });
  });

  it('should fail instead of throwing when the template has a syntax error', () => {
    expect(renderWebhookBody('{"a": "${id"}', alert, 1000)).toMatchObject({ ok: false });
  });
});

describe('renderWebhookHeaders', () => {
  it('should return the headers when the output is an object of strings', () => {
    expect(
      renderWebhookHeaders(
        '{"X-Alert": "${id}", "X-Signature": "${signature}"}',
        { ...alert, signature: 'c2ln' },
        1000,
      ),
    ).toEqual({
      ok: true,
      value: { 'X-Alert': alert.id, 'X-Signature': 'c2ln' },
    });
  });

  it('should fail when a header value is not a string', () => {
    expect(renderWebhookHeaders('{"X-Value": ${currentValue.number}}', alert, 1000)).toEqual({
      ok: false,
      reason: 'header X-Value must be a string',
    });
  });

  it('should fail when the output is not an object', () => {
    expect(renderWebhookHeaders('["${id}"]', alert, 1000)).toEqual({
      ok: false,
      reason: 'the headers template must render a JSON object',
    });
  });
});
