import { createHmac } from 'node:crypto';
import {
  ALERT_EVENT_KINDS,
  NotifierRegistry,
  UNREACHABLE_ERROR,
  type AlertDocument,
  type WebhookTarget,
} from '../../../src/modules/deliveries';
import { call } from '../../support/digest-client';
import { metricAlert, openAlert } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, createOrg, createProject } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { sampleAlert, startNotifierApp } from './notifiers.fixture';

const SECRET = 'webhook-secret-1234';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function hmacSha1Base64(body: Buffer, secret: string): string {
  return createHmac('sha1', secret).update(body).digest('base64');
}

describe('POST /hooks/alerts (WEBHOOK notifier)', () => {
  let receiver: HttpReceiver;
  let t: TestApp;
  let notifiers: NotifierRegistry;
  const alert = sampleAlert();

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startNotifierApp(receiver, undefined, { OUTBOUND_TIMEOUT_MS: '1000' });
    notifiers = t.app.get(NotifierRegistry);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const target = (overrides: Partial<WebhookTarget> = {}): WebhookTarget => ({
    type: 'WEBHOOK',
    url: receiver.url('/hooks/alerts'),
    secret: SECRET,
    ...overrides,
  });

  describe('default payload', () => {
    it('should POST the document of GET one alert, signed, when the alert is real', async () => {
      const boot = await bootstrapFirstUser(t);
      const org = await createOrg(t, boot.globalKey);
      const project = await createProject(t, boot.globalKey, org.id);
      const opened = await openAlert(t, metricAlert(project.id));
      const fetched = await call<AlertDocument>(
        'GET',
        `${t.apiUrl}/groups/${project.id}/alerts/${opened.id}`,
        {
          auth: boot.globalKey,
        },
      );
      expect(fetched.status).toBe(200);

      const result = await notifiers.notify(target(), fetched.body, 'alert.open');

      expect(result).toMatchObject({ ok: true, status: 200, retryable: false });
      expect(result.renderFallback).toBeUndefined();
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks/alerts');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-mms-event']).toBe('alert.open');
      expect(request.headers['x-mms-request-id']).toMatch(UUID);
      expect(request.headers['x-mms-request-id']).toBe(result.requestId);
      expect(request.headers['x-mms-signature']).toBe(hmacSha1Base64(request.rawBody, SECRET));
      expect(request.json()).toEqual(fetched.body);
      expect(request.text).toBe(JSON.stringify(fetched.body));
      expect(request.text).not.toContain(SECRET);
    });

    it('should send no X-MMS-Signature when no secret is set', async () => {
      const result = await notifiers.notify(target({ secret: undefined }), alert, 'alert.open');
      expect(result.ok).toBe(true);
      const [request] = await receiver.waitFor(1);
      expect(request.headers['x-mms-signature']).toBeUndefined();
      expect(request.json()).toEqual(alert);
    });

    it.each(ALERT_EVENT_KINDS)('should name the event %s in X-MMS-Event when notifying it', async (event) => {
      await notifiers.notify(target(), alert, event);
      const [request] = await receiver.waitFor(1);
      expect(request.headers['x-mms-event']).toBe(event);
    });

    it('should use a new request id for every attempt', async () => {
      const first = await notifiers.notify(target(), alert, 'alert.update');
      const second = await notifiers.notify(target(), alert, 'alert.update');
      const requests = await receiver.waitFor(2);
      expect(first.requestId).not.toBe(second.requestId);
      expect(requests.map((r) => r.headers['x-mms-request-id'])).toEqual([first.requestId, second.requestId]);
    });
  });

  describe('templates', () => {
    const bodyTemplate =
      '{"summary": "${humanReadable}", "alert": "${id}", "project": "${projectName}", "org": "${orgName!"none"}", ' +
      '"host": "${re.group(hostnameAndPort, "^([^:]+):", 1)}", "value": ${currentValue.number}, ' +
      '"tags": ${tags}, "request": "${requestId}"}';

    it('should send the rendered body, signed over what is sent, when the body template renders', async () => {
      const result = await notifiers.notify(target({ bodyTemplate }), alert, 'alert.open', {
        projectName: 'Payments',
      });
      expect(result).toMatchObject({ ok: true });
      expect(result.renderFallback).toBeUndefined();
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toEqual({
        summary: alert.humanReadable,
        alert: alert.id,
        project: 'Payments',
        org: 'none',
        host: 'db0.example.com',
        value: 0.5,
        tags: ['production'],
        request: result.requestId,
      });
      expect(request.headers['x-mms-signature']).toBe(hmacSha1Base64(request.rawBody, SECRET));
      expect(request.headers['x-mms-event']).toBe('alert.open');
    });

    it('should replace the default headers with the rendered ones when the headers template renders', async () => {
      const headersTemplate =
        '{"X-MMS-Signature": "${signature}", "X-Alert-Id": "${id}", "X-Request": "${requestId}", "Authorization": "Token abc"}';
      const result = await notifiers.notify(target({ bodyTemplate, headersTemplate }), alert, 'alert.close', {
        projectName: 'Payments',
      });
      expect(result.ok).toBe(true);
      expect(result.renderFallback).toBeUndefined();
      const [request] = await receiver.waitFor(1);
      expect(request.headers['x-mms-signature']).toBe(hmacSha1Base64(request.rawBody, SECRET));
      expect(request.headers['x-alert-id']).toBe(alert.id);
      expect(request.headers['x-request']).toBe(result.requestId);
      expect(request.headers.authorization).toBe('Token abc');
      expect(request.headers['content-type']).toBe('application/json');
      // A custom headers template replaces the defaults.
      expect(request.headers['x-mms-event']).toBeUndefined();
      expect(request.headers['x-mms-request-id']).toBeUndefined();
    });

    it('should send the default body and report the fallback when the body template fails to render', async () => {
      const result = await notifiers.notify(
        target({ bodyTemplate: '{"cluster": "${clusterName}"}' }),
        alert,
        'alert.open',
      );
      expect(result.ok).toBe(true);
      expect(result.renderFallback).toEqual({ body: 'clusterName is missing' });
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toEqual(alert);
      expect(request.headers['x-mms-event']).toBe('alert.open');
      expect(request.headers['x-mms-signature']).toBe(hmacSha1Base64(request.rawBody, SECRET));
    });

    it('should send the default body and report the fallback when the template has a syntax error', async () => {
      const result = await notifiers.notify(target({ bodyTemplate: '{"id": "${id"}' }), alert, 'alert.open');
      expect(result.renderFallback?.body).toEqual(expect.any(String));
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toEqual(alert);
    });

    it('should fail the delivery without sending anything when the rendered body exceeds 10000 characters', async () => {
      const repeated = '${humanReadable}'.repeat(300);
      const result = await notifiers.notify(
        target({ bodyTemplate: `{"text": "${repeated}"}` }),
        alert,
        'alert.open',
      );
      expect(result).toMatchObject({
        ok: false,
        retryable: false,
        error: 'webhookBodyTemplate: the rendered output exceeds 10000 characters',
      });
      expect(receiver.requests).toHaveLength(0);
    });

    it('should send the default body and report the fallback when the rendered body is not JSON', async () => {
      const result = await notifiers.notify(
        target({ bodyTemplate: 'alert ${id} is ${status}' }),
        alert,
        'alert.open',
      );
      expect(result.ok).toBe(true);
      expect(result.renderFallback?.body).toEqual(expect.any(String));
      expect(result.renderFallback?.headers).toBeUndefined();
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toEqual(alert);
    });

    it('should send the default headers and report the fallback when the headers template is not a JSON object', async () => {
      const result = await notifiers.notify(
        target({ headersTemplate: '["X-Id", "${id}"]' }),
        alert,
        'alert.inform',
      );
      expect(result.ok).toBe(true);
      expect(result.renderFallback).toEqual({ headers: 'the headers template must render a JSON object' });
      const [request] = await receiver.waitFor(1);
      expect(request.headers['x-mms-event']).toBe('alert.inform');
      expect(request.headers['x-mms-signature']).toBe(hmacSha1Base64(request.rawBody, SECRET));
    });

    it('should send the default headers when a rendered header value would inject a line break', async () => {
      const headersTemplate = '{"X-Injected": "${id}\\r\\nX-Evil: 1"}';
      const result = await notifiers.notify(target({ headersTemplate }), alert, 'alert.open');
      expect(result.ok).toBe(true);
      expect(result.renderFallback?.headers).toContain('X-Injected');
      const [request] = await receiver.waitFor(1);
      expect(request.headers['x-evil']).toBeUndefined();
      expect(request.headers['x-injected']).toBeUndefined();
      expect(request.headers['x-mms-event']).toBe('alert.open');
    });

    it('should send the default headers when ${signature} is used although no secret is set', async () => {
      const result = await notifiers.notify(
        target({ secret: undefined, headersTemplate: '{"X-Sig": "${signature}"}' }),
        alert,
        'alert.open',
      );
      expect(result.renderFallback).toEqual({ headers: 'signature is missing' });
      const [request] = await receiver.waitFor(1);
      expect(request.headers['x-sig']).toBeUndefined();
      expect(request.headers['x-mms-signature']).toBeUndefined();
    });

    it('should report both fallbacks when both templates fail', async () => {
      const result = await notifiers.notify(
        target({ bodyTemplate: 'not json', headersTemplate: '{"X-A": "${nothing}"}' }),
        alert,
        'alert.open',
      );
      expect(Object.keys(result.renderFallback ?? {}).sort()).toEqual(['body', 'headers']);
      const [request] = await receiver.waitFor(1);
      expect(request.json()).toEqual(alert);
      expect(request.headers['x-mms-event']).toBe('alert.open');
    });
  });

  describe('receiver answers', () => {
    it('should be retryable twice and succeed the third time when the receiver fails twice with 503', async () => {
      receiver.respondWith(
        { status: 503 },
        { status: 503, headers: { 'Retry-After': '7' } },
        { status: 200 },
      );
      const results = [];
      for (let attempt = 0; attempt < 3; attempt++)
        results.push(await notifiers.notify(target(), alert, 'alert.open'));
      expect(results.map((r) => [r.ok, r.status, r.retryable])).toEqual([
        [false, 503, true],
        [false, 503, true],
        [true, 200, false],
      ]);
      expect(results[0].retryAfterMs).toBeUndefined();
      expect(results[1].retryAfterMs).toBe(7000);
      expect(receiver.requests).toHaveLength(3);
    });

    it.each([408, 429, 500, 502])('should be retryable when the receiver answers %s', async (status) => {
      receiver.respondWith({ status, body: 'busy' });
      const result = await notifiers.notify(target(), alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status, retryable: true });
      // The receiver is on loopback: a private target's answer is never kept.
      expect(result.response).toBeUndefined();
      expect(result.error).toBe(`the receiver answered HTTP ${status}`);
    });

    it.each([400, 401, 403, 404, 410])('should give up when the receiver answers %s', async (status) => {
      receiver.respondWith({ status });
      const result = await notifiers.notify(target(), alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status, retryable: false });
    });

    it('should honour a Retry-After date when the receiver answers 429', async () => {
      const later = new Date(Date.now() + 120_000).toUTCString();
      receiver.respondWith({ status: 429, headers: { 'Retry-After': later } });
      const result = await notifiers.notify(target(), alert, 'alert.open');
      expect(result.retryable).toBe(true);
      expect(result.retryAfterMs).toBeGreaterThan(100_000);
      expect(result.retryAfterMs).toBeLessThanOrEqual(120_000);
    });

    it('should not follow a redirect and give up when the receiver answers 302', async () => {
      receiver.respondWith({ status: 302, headers: { Location: receiver.url('/elsewhere') } });
      const result = await notifiers.notify(target(), alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status: 302, retryable: false });
      expect(result.error).toContain('redirects are not followed');
      // A followed redirect would have been requested, and answered, before notify resolved.
      expect(receiver.requests.map((r) => r.path)).toEqual(['/hooks/alerts']);
    });

    it('should be retryable and unreachable when the receiver answers after the timeout', async () => {
      receiver.respondWith({ status: 200, delayMs: 1500 });
      const result = await notifiers.notify(target(), alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, retryable: true });
      expect(result.status).toBeUndefined();
      expect(result.error).toBe(UNREACHABLE_ERROR);
      expect(result.latencyMs).toBeGreaterThanOrEqual(950);
    });

    it('should give up with INVALID_REQUEST when the URL is not http(s)', async () => {
      const result = await notifiers.notify(target({ url: 'file:///etc/passwd' }), alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.error).toMatch(/^INVALID_REQUEST: /);
    });
  });
});
