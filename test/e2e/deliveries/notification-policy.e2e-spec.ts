import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  createMaintenanceWindow,
  projectEvents,
  projectWithCallers,
  windowBody,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import type { TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesOf,
  hostDownAlert,
  policyOf,
  startDeliveriesApp,
  workerOf,
} from './deliveries.fixture';
import { MINUTE, isoSeconds } from '../../support/time';

describe('GET /groups/{groupId}/deliveries after alert transitions, sweeps and worker runs', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    smtp = await SmtpReceiver.start();
    t = await startDeliveriesApp(clock, receiver, smtp);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
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

  const sweepAndDeliver = async (): Promise<void> => {
    await policyOf(t.app).runSweep();
    await workerOf(t.app).runDue();
  };
  const webhooksFor = (path: string) => receiver.requests.filter((request) => request.path === path);

  it('should notify first after delayMin and then every intervalMin when the alert stays open', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-interval'), delayMin: 10, intervalMin: 30 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));

    await sweepAndDeliver();
    expect(webhooksFor('/hook-interval')).toHaveLength(0);

    clock.advance(10 * MINUTE);
    await sweepAndDeliver();
    const first = webhooksFor('/hook-interval');
    expect(first).toHaveLength(1);
    expect(first[0].headers['x-mms-event']).toBe('alert.open');
    expect(first[0].json().id).toBe(alert.id);
    const afterFirst = await alertsOf(t).get(p.groupId, alert.id);
    expect(afterFirst.lastNotified).toBe(isoSeconds(clock.now()));

    clock.advance(29 * MINUTE);
    await sweepAndDeliver();
    expect(webhooksFor('/hook-interval')).toHaveLength(1);

    clock.advance(1 * MINUTE);
    await sweepAndDeliver();
    expect(webhooksFor('/hook-interval')).toHaveLength(2);
  });

  it('should notify at once and by e-mail when the delay is zero', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'EMAIL', emailAddress: 'oncall@example.com', delayMin: 0, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));

    await workerOf(t.app).runDue();

    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual(['oncall@example.com']);
    const [delivery] = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
    expect(delivery).toMatchObject({
      targetType: 'EMAIL',
      status: 'SUCCEEDED',
      recipient: 'oncall@example.com',
    });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ attemptNumber: 1, outcome: 'SUCCEEDED', statusCode: 250 }),
    ]);
    const sent = await projectEvents(t, p.readOnly, p.groupId, 'ALERT_NOTIFICATION_SENT');
    expect(sent.filter((event) => event.alertId === alert.id)).toHaveLength(1);
  });

  it('should suppress re-notification while acknowledged and resume when the acknowledgement expires', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-ack'), delayMin: 0, intervalMin: 5 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    expect(webhooksFor('/hook-ack')).toHaveLength(1);

    const until = new Date(clock.now().getTime() + 60 * MINUTE);
    const ack = await call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${alert.id}`, {
      auth: p.monitoringAdmin,
      body: { acknowledgedUntil: isoSeconds(until) },
    });
    expect(ack.status).toBe(200);

    for (let minutes = 0; minutes < 55; minutes += 5) {
      clock.advance(5 * MINUTE);
      await sweepAndDeliver();
    }
    const events = () => webhooksFor('/hook-ack').map((request) => request.headers['x-mms-event']);
    // The acknowledgement itself is announced once (notification-acknowledge.e2e-spec.ts).
    expect(events()).toEqual(['alert.open', 'alert.acknowledge']);

    clock.advance(6 * MINUTE);
    await sweepAndDeliver();
    expect(events()).toEqual(['alert.open', 'alert.acknowledge', 'alert.open']);
  });

  it('should silence notifications during a maintenance window and resume when it is deleted', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-window'), delayMin: 0, intervalMin: 5 },
    ]);
    const window = await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: -MINUTE, endInMs: 120 * MINUTE, alertTypeNames: ['HOST'] }),
    );
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    clock.advance(10 * MINUTE);
    await sweepAndDeliver();
    expect(webhooksFor('/hook-window')).toHaveLength(0);
    expect((await alertsOf(t).get(p.groupId, alert.id)).status).toBe('OPEN');

    const removed = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}/maintenanceWindows/${window.id}`, {
      auth: p.monitoringAdmin,
    });
    expect(removed.status).toBe(204);
    clock.advance(1000);
    await sweepAndDeliver();
    expect(webhooksFor('/hook-window')).toHaveLength(1);
  });

  it('should send the resolved notice when the alert closes', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-close'), delayMin: 0, intervalMin: 60 },
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-service-key-0001', delayMin: 0, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    await alertsOf(t).close(alert.id);
    await workerOf(t.app).runDue();

    expect(webhooksFor('/hook-close').map((request) => request.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.close',
    ]);
    expect(webhooksFor('/hook-close')[1].json().status).toBe('CLOSED');
    const pagerDuty = webhooksFor('/pagerduty').map((request) => request.json());
    expect(pagerDuty.map((event) => [event.event_action, event.dedup_key])).toEqual([
      ['trigger', alert.id],
      ['resolve', alert.id],
    ]);

    clock.advance(120 * MINUTE);
    await sweepAndDeliver();
    expect(webhooksFor('/hook-close')).toHaveLength(2);
  });

  it('should send alert.cancel to webhooks when a notified alert is cancelled', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-cancel'), delayMin: 0, intervalMin: 60 },
    ]);
    await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    const disabled = await call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alertConfigs/${configId}`, {
      auth: p.monitoringAdmin,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    await workerOf(t.app).runDue();

    expect(webhooksFor('/hook-cancel').map((request) => request.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.cancel',
    ]);
  });

  it('should record three attempts and one success when the receiver fails twice then accepts', async () => {
    receiver.respondWith({ status: 503 }, { status: 500 });
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-flaky'), delayMin: 0, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));

    await workerOf(t.app).runDue();
    clock.advance(1000);
    await workerOf(t.app).runDue();
    clock.advance(2000);
    await workerOf(t.app).runDue();
    clock.advance(60_000);
    await workerOf(t.app).runDue();

    expect(webhooksFor('/hook-flaky')).toHaveLength(3);
    const [delivery] = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
    expect(delivery.status).toBe('SUCCEEDED');
    expect(
      delivery.attempts.map((attempt) => [attempt.attemptNumber, attempt.outcome, attempt.statusCode]),
    ).toEqual([
      [1, 'RETRY', 503],
      [2, 'RETRY', 500],
      [3, 'SUCCEEDED', 200],
    ]);
  });

  it('should give up at once when the receiver answers a client error', async () => {
    receiver.respondWith({ status: 404 });
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-gone'), delayMin: 0, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    clock.advance(120_000);
    await workerOf(t.app).runDue();

    const [delivery] = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
    expect(delivery).toMatchObject({ status: 'FAILED', lastError: 'the receiver answered HTTP 404' });
    expect(delivery.attempts).toHaveLength(1);
  });

  it('should record WEBHOOK_TEMPLATE_RENDER_FAILED and send the default body when the template fails', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      {
        typeName: 'WEBHOOK',
        webhookUrl: receiver.url('/hook-template'),
        webhookBodyTemplate: '{"metric": "${metricName}"}',
        delayMin: 0,
        intervalMin: 60,
      },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();

    const [request] = webhooksFor('/hook-template');
    expect(request.json()).toMatchObject({ id: alert.id, eventTypeName: 'HOST_DOWN' });
    const events = await projectEvents(t, p.readOnly, p.groupId, 'WEBHOOK_TEMPLATE_RENDER_FAILED');
    const mine = events.filter((event) => event.alertId === alert.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      alertConfigId: configId,
      raw: expect.objectContaining({ body: expect.any(String) }),
    });
  });
});
