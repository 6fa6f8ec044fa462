import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { alertsOf, projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
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

// Acknowledging an alert sends an acknowledge notice to the incident tools and webhooks that were
// notified, with the alert id as the key, so open, acknowledge and resolve land on one incident.
describe('PATCH /groups/{groupId}/alerts/{alertId} (acknowledgement notices)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const received = (prefix: string) => receiver.requests.filter((request) => request.path.startsWith(prefix));
  const acknowledge = (alertId: string, body: Record<string, unknown>) =>
    call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, { auth: p.monitoringAdmin, body });
  const hourFromNow = () => isoSeconds(new Date(clock.now().getTime() + 60 * MINUTE));

  it('should send acknowledge to PagerDuty, Opsgenie and webhooks with the alert id when a notified alert is acknowledged', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-service-key-ack1', delayMin: 0, intervalMin: 60 },
      { typeName: 'OPS_GENIE', opsGenieApiKey: 'og-key-ack1', delayMin: 0, intervalMin: 60 },
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-ack-all'), delayMin: 0, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();

    const ack = await acknowledge(alert.id, {
      acknowledgedUntil: hourFromNow(),
      acknowledgementComment: 'on it',
    });
    expect(ack.status).toBe(200);
    await workerOf(t.app).runDue();
    await alertsOf(t).close(alert.id);
    await workerOf(t.app).runDue();

    expect(received('/pagerduty').map((request) => request.json())).toEqual([
      expect.objectContaining({ event_action: 'trigger', dedup_key: alert.id }),
      { routing_key: 'pd-service-key-ack1', event_action: 'acknowledge', dedup_key: alert.id },
      { routing_key: 'pd-service-key-ack1', event_action: 'resolve', dedup_key: alert.id },
    ]);
    const opsGenie = received('/opsgenie');
    expect(opsGenie.map((request) => request.path)).toEqual([
      '/opsgenie/v2/alerts',
      `/opsgenie/v2/alerts/${alert.id}/acknowledge?identifierType=alias`,
      `/opsgenie/v2/alerts/${alert.id}/close?identifierType=alias`,
    ]);
    expect(opsGenie[0].json().alias).toBe(alert.id);
    expect(opsGenie[1].headers.authorization).toBe('GenieKey og-key-ack1');
    const hooks = received('/hook-ack-all');
    expect(hooks.map((request) => [request.headers['x-mms-event'], request.json().id])).toEqual([
      ['alert.open', alert.id],
      ['alert.acknowledge', alert.id],
      ['alert.close', alert.id],
    ]);
    expect(hooks[1].json()).toMatchObject({
      status: 'OPEN',
      acknowledgedUntil: hourFromNow(),
      acknowledgementComment: 'on it',
      acknowledgingUsername: p.monitoringAdmin.publicKey,
    });
    const logged = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
    expect(
      logged
        .filter((delivery) => delivery.eventKind === 'alert.acknowledge')
        .map((delivery) => [delivery.targetType, delivery.status])
        .sort(),
    ).toEqual([
      ['OPS_GENIE', 'SUCCEEDED'],
      ['PAGER_DUTY', 'SUCCEEDED'],
      ['WEBHOOK', 'SUCCEEDED'],
    ]);
  });

  it('should send no acknowledge notice when the alert was acknowledged before any notification', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-service-key-ack2', delayMin: 30, intervalMin: 60 },
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-ack-early'), delayMin: 30, intervalMin: 60 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));

    expect((await acknowledge(alert.id, { acknowledgedUntil: hourFromNow() })).status).toBe(200);
    await workerOf(t.app).runDue();

    expect(receiver.requests).toHaveLength(0);
    expect(await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`)).toEqual([]);
  });

  it('should send no notice when the acknowledgement is withdrawn and resume notifying at the interval', async () => {
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-unack'), delayMin: 0, intervalMin: 5 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    expect((await acknowledge(alert.id, { acknowledgedUntil: hourFromNow() })).status).toBe(200);
    await workerOf(t.app).runDue();

    expect((await acknowledge(alert.id, {})).status).toBe(200);
    await workerOf(t.app).runDue();
    expect(received('/hook-unack').map((request) => request.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.acknowledge',
    ]);

    clock.advance(5 * MINUTE);
    await policyOf(t.app).runSweep();
    await workerOf(t.app).runDue();
    expect(received('/hook-unack').map((request) => request.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.acknowledge',
      'alert.open',
    ]);
  });
});
