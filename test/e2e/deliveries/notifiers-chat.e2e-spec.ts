import { NotifierRegistry } from '../../../src/modules/deliveries';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { RECEIVER_PATHS, sampleAlert, startNotifierApp } from './notifiers.fixture';

const alert = sampleAlert({ humanReadable: 'Connections <over> 5000 & rising on db0.example.com:27017.' });

describe('POST /api/chat.postMessage (Slack and Microsoft Teams notifiers)', () => {
  let receiver: HttpReceiver;
  let t: TestApp;
  let notifiers: NotifierRegistry;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startNotifierApp(receiver);
    notifiers = t.app.get(NotifierRegistry);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  describe('SLACK', () => {
    const target = { type: 'SLACK', apiToken: 'xoxb-test-token', channelName: '#alerts' } as const;

    it('should post the message to the channel with the bearer token when the alert opens', async () => {
      receiver.respondWith({ status: 200, body: { ok: true, channel: 'C123', ts: '1.2' } });
      const result = await notifiers.notify(target, alert, 'alert.open', {
        projectName: 'Payments',
        orgId: 'a'.repeat(24),
        orgName: 'Acme',
      });
      expect(result).toMatchObject({ ok: true, status: 200, retryable: false });
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe(RECEIVER_PATHS.slack);
      expect(request.headers.authorization).toBe('Bearer xoxb-test-token');
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = request.json();
      expect(body.channel).toBe('#alerts');
      expect(body.text).toBe(`[Acme / Payments] Alert opened: ${alert.humanReadable}`);
      expect(body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Alert opened' } });
      // Slack's control characters are escaped in mrkdwn text; the headline links to the alert.
      expect(body.blocks[1].text.text).toBe(
        `<${alert.links[0].href}|Connections &lt;over&gt; 5000 &amp; rising on db0.example.com:27017.>`,
      );
      const fields = body.blocks[2].fields.map((field: { text: string }) => field.text);
      expect(fields).toContain(`*Project*\nPayments (${alert.groupId})`);
      expect(fields).toContain(`*Organization*\nAcme (${'a'.repeat(24)})`);
      expect(fields).toContain('*Host*\ndb0.example.com:27017');
      expect(fields).toContain('*Status*\nOPEN');
      expect(fields.length).toBeLessThanOrEqual(10);
    });

    it('should fail without retry when Slack answers 200 with ok false', async () => {
      receiver.respondWith({ status: 200, body: { ok: false, error: 'channel_not_found' } });
      const result = await notifiers.notify(target, alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status: 200, retryable: false });
      expect(result.error).toBe('Slack refused the message: channel_not_found');
    });

    it('should be retryable when Slack answers ok false with a transient error', async () => {
      receiver.respondWith({ status: 200, body: { ok: false, error: 'service_unavailable' } });
      const result = await notifiers.notify(target, alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, retryable: true });
    });

    it('should be retryable after Retry-After when Slack rate-limits with 429', async () => {
      receiver.respondWith({
        status: 429,
        headers: { 'Retry-After': '3' },
        body: { ok: false, error: 'ratelimited' },
      });
      const result = await notifiers.notify(target, alert, 'alert.open');
      expect(result).toMatchObject({ ok: false, status: 429, retryable: true, retryAfterMs: 3000 });
    });

    it('should fail when Slack answers with a body that is not JSON', async () => {
      receiver.respondWith({ status: 200, body: 'ok' });
      const result = await notifiers.notify(target, alert, 'alert.close');
      expect(result).toMatchObject({ ok: false, retryable: false });
    });
  });

  describe('MICROSOFT_TEAMS', () => {
    it('should post an Adaptive Card to the incoming webhook URL when the alert opens', async () => {
      receiver.respondWith({ status: 200, body: '1' });
      const webhookUrl = receiver.url('/webhookb2/abc@def/IncomingWebhook/123/456');
      const result = await notifiers.notify({ type: 'MICROSOFT_TEAMS', webhookUrl }, alert, 'alert.open');
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(result.response).toBeUndefined();
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/webhookb2/abc@def/IncomingWebhook/123/456');
      expect(request.headers['content-type']).toBe('application/json');
      const body = request.json();
      expect(body.type).toBe('message');
      expect(body.attachments).toHaveLength(1);
      const [attachment] = body.attachments;
      expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(attachment.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
      const [title, headline, facts] = attachment.content.body;
      expect(title).toMatchObject({ type: 'TextBlock', text: 'Alert opened', color: 'Attention' });
      expect(headline).toMatchObject({ type: 'TextBlock', text: alert.humanReadable, wrap: true });
      expect(facts.type).toBe('FactSet');
      expect(facts.facts).toContainEqual({ title: 'Alert id', value: alert.id });
      expect(facts.facts).toContainEqual({ title: 'Current value', value: '0.5 RAW' });
    });

    it('should show a resolved card when the alert closes', async () => {
      await notifiers.notify(
        { type: 'MICROSOFT_TEAMS', webhookUrl: receiver.url('/teams') },
        { ...alert, status: 'CLOSED', resolved: '2024-01-15T11:00:00Z' },
        'alert.close',
      );
      const [request] = await receiver.waitFor(1);
      const [title, , facts] = request.json().attachments[0].content.body;
      expect(title).toMatchObject({ text: 'Alert resolved', color: 'Good' });
      expect(facts.facts).toContainEqual({ title: 'Resolved', value: '2024-01-15T11:00:00Z' });
    });
  });
});
