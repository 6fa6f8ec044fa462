import { NotifierRegistry } from '../../../src/modules/deliveries';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { RECEIVER_PATHS, sampleAlert, startNotifierApp } from './notifiers.fixture';

const alert = sampleAlert({ humanReadable: 'Asserts: Regular is 0.5 on <db0>.' });

describe('POST /sms/messages (e-mail over SMTP and SMS gateway notifiers)', () => {
  let receiver: HttpReceiver;
  let smtp: SmtpReceiver;
  let t: TestApp;
  let notifiers: NotifierRegistry;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    smtp = await SmtpReceiver.start();
    t = await startNotifierApp(receiver, smtp, { SMS_GATEWAY_TOKEN: 'sms-gateway-token' });
    notifiers = t.app.get(NotifierRegistry);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });

  beforeEach(() => {
    receiver.reset();
    smtp.reset();
  });

  describe('EMAIL', () => {
    it('should deliver a plain-text and HTML summary to the address when the alert opens', async () => {
      const result = await notifiers.notify(
        { type: 'EMAIL', emailAddress: 'oncall@example.com' },
        alert,
        'alert.open',
        {
          projectName: 'Payments',
          orgId: 'a'.repeat(24),
          orgName: 'Acme',
        },
      );
      expect(result).toMatchObject({ ok: true, status: 250, retryable: false });
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail.from).toBe('alerts@dms.example');
      expect(mail.to).toEqual(['oncall@example.com']);
      expect(mail.headers.from).toBe('Alerts <alerts@dms.example>');
      expect(mail.headers.to).toBe('oncall@example.com');
      expect(mail.headers.subject).toBe(`[Acme / Payments] Alert opened: ${alert.humanReadable}`);
      expect(mail.text).toContain(`Alert opened: ${alert.humanReadable}`);
      expect(mail.text).toContain(`Project: Payments (${alert.groupId})`);
      expect(mail.text).toContain(`Organization: Acme (${'a'.repeat(24)})`);
      expect(mail.text).toContain('Host: db0.example.com:27017');
      expect(mail.text).toContain(`Alert id: ${alert.id}`);
      expect(mail.text).toContain(`Link: ${alert.links[0].href}`);
      expect(mail.html).toContain(`<a href="${alert.links[0].href}">`);
      expect(mail.html).toContain('<h2>Alert opened</h2>');
      // HTML is escaped, so alert text cannot inject markup.
      expect(mail.html).toContain('Asserts: Regular is 0.5 on &lt;db0&gt;.');
      expect(mail.html).not.toContain('<db0>');
    });

    it('should give up when the SMTP server refuses the recipient with 550', async () => {
      smtp.rejectNext(550, 'No such user');
      const result = await notifiers.notify(
        { type: 'EMAIL', emailAddress: 'ghost@example.com' },
        alert,
        'alert.open',
      );
      expect(result).toMatchObject({ ok: false, status: 550, retryable: false });
      expect(result.error).toContain('No such user');
      expect(smtp.messages).toHaveLength(0);
    });

    it('should be retryable when the SMTP server defers the recipient with 451', async () => {
      smtp.rejectNext(451, 'Try again later');
      const result = await notifiers.notify(
        { type: 'EMAIL', emailAddress: 'busy@example.com' },
        alert,
        'alert.open',
      );
      expect(result).toMatchObject({ ok: false, status: 451, retryable: true });
    });
  });

  describe('SMS', () => {
    it('should post {to, message} with the gateway token when the alert opens', async () => {
      const result = await notifiers.notify(
        { type: 'SMS', mobileNumber: '+15555550100' },
        alert,
        'alert.open',
        {
          projectName: 'Payments',
        },
      );
      expect(result).toMatchObject({ ok: true, status: 200 });
      const [request] = await receiver.waitFor(1);
      expect(request.method).toBe('POST');
      expect(request.path).toBe(RECEIVER_PATHS.sms);
      expect(request.headers.authorization).toBe('Bearer sms-gateway-token');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.json()).toEqual({
        to: '+15555550100',
        message: `[Payments] Alert opened: ${alert.humanReadable} ${alert.links[0].href}`,
      });
    });

    it('should keep the message to two SMS segments when the headline is long', async () => {
      await notifiers.notify(
        { type: 'SMS', mobileNumber: '+15555550100' },
        { ...alert, humanReadable: 'y'.repeat(1000) },
        'alert.open',
      );
      const [request] = await receiver.waitFor(1);
      // The headline is cut; the link at its end is kept whole.
      expect(request.json().message).toHaveLength(320);
      expect(request.json().message).toMatch(new RegExp(`… ${alert.links[0].href.replace(/[.]/g, '\\.')}$`));
    });

    it('should be retryable when the gateway answers 503', async () => {
      receiver.respondWith({ status: 503 });
      const result = await notifiers.notify(
        { type: 'SMS', mobileNumber: '+15555550100' },
        alert,
        'alert.close',
      );
      expect(result).toMatchObject({ ok: false, status: 503, retryable: true });
    });
  });
});

describe('POST /sms/messages (e-mail and SMS without SMTP_URL or SMS_GATEWAY_URL)', () => {
  let t: TestApp;
  let notifiers: NotifierRegistry;

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: '', SMS_GATEWAY_URL: '' });
    notifiers = t.app.get(NotifierRegistry);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should give up as not configured when SMTP_URL is not set', async () => {
    const result = await notifiers.notify(
      { type: 'EMAIL', emailAddress: 'oncall@example.com' },
      alert,
      'alert.open',
    );
    expect(result).toEqual({
      ok: false,
      error: 'NOT_CONFIGURED: SMTP_URL is not set',
      latencyMs: 0,
      retryable: false,
    });
  });

  it('should give up as not configured when SMS_GATEWAY_URL is not set', async () => {
    const result = await notifiers.notify({ type: 'SMS', mobileNumber: '+15555550100' }, alert, 'alert.open');
    expect(result).toEqual({
      ok: false,
      error: 'NOT_CONFIGURED: SMS_GATEWAY_URL is not set',
      latencyMs: 0,
      retryable: false,
    });
  });
});
