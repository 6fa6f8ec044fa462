import { createHmac } from 'node:crypto';
import type { AlertDocument } from './notifier';
import { buildWebhookRequest, webhookSignature } from './webhook-request';

const alert: AlertDocument = {
  id: '5d1b6f8e8c2e4e2d3c4a5b6c',
  groupId: '5d1b6f8e8c2e4e2d3c4a5b6d',
  alertConfigId: '5d1b6f8e8c2e4e2d3c4a5b6e',
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  status: 'OPEN',
  created: '2024-01-15T10:30:00Z',
  updated: '2024-01-15T10:30:00Z',
  humanReadable: 'Disk space used on data partition is 95.2%.',
  metricName: 'DISK_PARTITION_SPACE_USED_DATA',
  currentValue: { number: 95.2, units: 'RAW' },
  hostnameAndPort: 'db1.example.com:27017',
  tags: [],
  links: [],
};

const REQUEST_ID = '0f8e0c4e-8a9b-4a3c-9d1e-2f3a4b5c6d7e';

describe('webhookSignature', () => {
  it('should be Base64 of HMAC-SHA1 when given the RFC 2202 test vector', () => {
    expect(webhookSignature('what do ya want for nothing?', 'Jefe')).toBe('7/zfauXrL6LSdBbV8YTfnCWafHk=');
  });

  it('should sign the UTF-8 bytes when the body holds non-ASCII text', () => {
    const utf8 = createHmac('sha1', 'k')
      .update(Buffer.from([0xc3, 0xa9]))
      .digest('base64');
    expect(webhookSignature('é', 'k')).toBe(utf8);
  });
});

describe('buildWebhookRequest', () => {
  it('should send the alert document with the default headers when no template is set', () => {
    const request = buildWebhookRequest(
      { type: 'WEBHOOK', url: 'https://hooks.example', secret: 's3cret' },
      alert,
      'alert.open',
      {},
      REQUEST_ID,
    );
    expect(request.body).toBe(JSON.stringify(alert));
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      'X-MMS-Event': 'alert.open',
      'X-Mms-Request-Id': REQUEST_ID,
      'X-MMS-Signature': webhookSignature(request.body, 's3cret'),
    });
    expect(request.renderFallback).toBeUndefined();
  });

  it('should leave X-MMS-Signature out when no secret is set', () => {
    const request = buildWebhookRequest(
      { type: 'WEBHOOK', url: 'https://hooks.example' },
      alert,
      'alert.close',
      {},
      REQUEST_ID,
    );
    expect(Object.keys(request.headers)).toEqual(['Content-Type', 'X-MMS-Event', 'X-Mms-Request-Id']);
  });

  it('should offer the context, the alert fields and requestId to the body template', () => {
    const request = buildWebhookRequest(
      {
        type: 'WEBHOOK',
        url: 'https://hooks.example',
        bodyTemplate: '{"o":"${orgName}","p":"${projectName}","r":"${requestId}","v":${currentValue.number}}',
      },
      alert,
      'alert.open',
      { orgName: 'Acme', projectName: 'Payments' },
      REQUEST_ID,
    );
    expect(JSON.parse(request.body)).toEqual({ o: 'Acme', p: 'Payments', r: REQUEST_ID, v: 95.2 });
  });

  it('should sign the default body when the body template falls back', () => {
    const request = buildWebhookRequest(
      {
        type: 'WEBHOOK',
        url: 'https://hooks.example',
        secret: 'k',
        bodyTemplate: '${missing}',
        headersTemplate: '{"S":"${signature}"}',
      },
      alert,
      'alert.open',
      {},
      REQUEST_ID,
    );
    expect(request.body).toBe(JSON.stringify(alert));
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      S: webhookSignature(request.body, 'k'),
    });
    expect(request.renderFallback).toEqual({ body: 'missing is missing' });
  });

  it('should keep a Content-Type the headers template sets', () => {
    const request = buildWebhookRequest(
      {
        type: 'WEBHOOK',
        url: 'https://hooks.example',
        headersTemplate: '{"content-type":"application/vnd.alert+json"}',
      },
      alert,
      'alert.open',
      {},
      REQUEST_ID,
    );
    expect(request.headers).toEqual({ 'content-type': 'application/vnd.alert+json' });
  });

  it.each([
    ['{"Bad Name": "x"}', '"Bad Name" is not a valid header name'],
    ['{"Host": "evil.example"}', 'header Host cannot be set by a template'],
    ['{"Content-Length": "1"}', 'header Content-Length cannot be set by a template'],
    ['{"X-A": "line\\nbreak"}', 'the value of header X-A holds characters a header cannot carry'],
    ['{"X-A": 1}', 'header X-A must be a string'],
  ])(
    'should fall back to the default headers when the headers template renders %s',
    (headersTemplate, reason) => {
      const request = buildWebhookRequest(
        { type: 'WEBHOOK', url: 'https://hooks.example', headersTemplate },
        alert,
        'alert.update',
        {},
        REQUEST_ID,
      );
      expect(request.renderFallback).toEqual({ headers: reason });
      expect(request.headers['X-MMS-Event']).toBe('alert.update');
    },
  );

  it('should fall back when the rendered body is one character over 10000', () => {
    const filler = 'x'.repeat(10_000 - '{"a":""}'.length + 1);
    const request = buildWebhookRequest(
      { type: 'WEBHOOK', url: 'https://hooks.example', bodyTemplate: `{"a":"${filler}"}` },
      alert,
      'alert.open',
      {},
      REQUEST_ID,
    );
    expect(request.renderFallback).toEqual({ body: 'the rendered output exceeds 10000 characters' });
  });

  it('should accept a rendered body of exactly 10000 characters', () => {
    const filler = 'x'.repeat(10_000 - '{"a":""}'.length);
    const request = buildWebhookRequest(
      { type: 'WEBHOOK', url: 'https://hooks.example', bodyTemplate: `{"a":"${filler}"}` },
      alert,
      'alert.open',
      {},
      REQUEST_ID,
    );
    expect(request.renderFallback).toBeUndefined();
    expect(request.body).toHaveLength(10_000);
  });
});
