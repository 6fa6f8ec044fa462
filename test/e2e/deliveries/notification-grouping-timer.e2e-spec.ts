import { randomBytes } from 'node:crypto';
import { call } from '../../support/digest-client';
import { alertsOf, metricAlert, projectWithCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { eventually } from '../../support/eventually';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createAlertConfig, deliveriesEnv } from './deliveries.fixture';

// The production wiring: the scheduler's flush timer and the worker's wake-up send a group's message
// without anything driving them.
describe('PUT /groups/{groupId}/alertGroupingPolicy with the flush timer running', () => {
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({
      ...deliveriesEnv(receiver),
      DELIVERY_POLL_MS: '1000',
      NOTIFICATION_GROUP_FLUSH_MS: '100',
    });
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('should send one message for the alerts of a group once group_wait has passed', async () => {
    const p = await projectWithCallers(t, await bootstrapFirstUser(t));
    const saved = await call('PUT', `${t.apiUrl}/groups/${p.groupId}/alertGroupingPolicy`, {
      auth: p.monitoringAdmin,
      body: { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1 },
    });
    expect(saved.status).toBe(200);
    const notifications = [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/timer'), delayMin: 0, intervalMin: 60 },
    ];
    const configs = [
      await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications),
      await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications),
    ];
    const opened = [];
    for (const alertConfigId of configs) {
      opened.push(
        await alertsOf(t).open(
          metricAlert(p.groupId, {
            alertConfigId,
            hostId: randomBytes(12).toString('hex'),
            replicaSetName: 'rs0',
          }),
        ),
      );
    }

    // Both alerts normally share the first message; a machine slow enough to open the second after
    // group_wait sends it as the group's update instead, so only what was carried is checked.
    const wanted = opened.map((alert) => alert.id).sort();
    const messages = await eventually('the group messages carrying both alerts', () => {
      const received = receiver.requests.filter((request) => request.path === '/timer');
      const carried = received.flatMap(
        (request) => (request.json() as { alerts: Array<{ id: string }> }).alerts,
      );
      return wanted.every((id) => carried.some((alert) => alert.id === id)) ? received : undefined;
    });
    expect(messages.map((request) => request.headers['x-mms-event'])).toEqual(
      messages.map(() => 'alert.group'),
    );
  });
});
