import { NotifierRegistry, type NotificationTarget } from '../../../src/modules/deliveries';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { sampleAlert } from './notifiers.fixture';

const alert = sampleAlert();

describe('POST /hooks (outbound SSRF guard without an allow list)', () => {
  let receiver: HttpReceiver;
  let t: TestApp;
  let notifiers: NotifierRegistry;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({ OUTBOUND_ALLOWLIST: '' });
    notifiers = t.app.get(NotifierRegistry);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const cases: Array<[string, () => NotificationTarget, string]> = [
    [
      'a webhook on 127.0.0.1',
      () => ({ type: 'WEBHOOK', url: receiver.url('/hooks') }),
      '127.0.0.1 is loopback',
    ],
    [
      'a webhook on localhost',
      () => ({ type: 'WEBHOOK', url: `http://localhost:${receiver.port}/hooks` }),
      'is loopback',
    ],
    [
      'a webhook on the IPv4-mapped loopback',
      () => ({ type: 'WEBHOOK', url: `http://[::ffff:127.0.0.1]:${receiver.port}/hooks` }),
      '127.0.0.1 is loopback',
    ],
    [
      'a Teams webhook on the cloud metadata address',
      () => ({ type: 'MICROSOFT_TEAMS', webhookUrl: 'http://169.254.169.254/latest/meta-data/' }),
      '169.254.169.254 is cloud metadata',
    ],
    [
      'a webhook on a private address given as a decimal host',
      () => ({ type: 'WEBHOOK', url: 'http://167772161/hooks' }),
      '10.0.0.1 is private',
    ],
  ];

  it.each(cases)('should refuse %s and send nothing', async (_what, target, reason) => {
    const result = await notifiers.notify(target(), alert, 'alert.open');
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(result.status).toBeUndefined();
    expect(result.error).toMatch(/^REFUSED: /);
    expect(result.error).toContain(reason);
    expect(result.error).toContain('not on OUTBOUND_ALLOWLIST');
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('POST /hooks (outbound SSRF guard with 127.0.0.0/8 on the allow list)', () => {
  let receiver: HttpReceiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({ OUTBOUND_ALLOWLIST: ' 10.0.0.0/8:* , 127.0.0.0/8:* ' });
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('should deliver to the receiver when its block is on the allow list', async () => {
    const result = await t.app
      .get(NotifierRegistry)
      .notify({ type: 'WEBHOOK', url: receiver.url('/hooks') }, alert, 'alert.open');
    expect(result).toMatchObject({ ok: true, status: 200 });
    const [request] = await receiver.waitFor(1);
    expect(request.path).toBe('/hooks');
  });

  it('should still refuse a blocked address outside the listed blocks', async () => {
    const result = await t.app
      .get(NotifierRegistry)
      .notify({ type: 'WEBHOOK', url: 'http://[::1]:9/hooks' }, alert, 'alert.open');
    expect(result.error).toBe('REFUSED: ::1 is loopback (::1/128) and not on OUTBOUND_ALLOWLIST');
  });
});
