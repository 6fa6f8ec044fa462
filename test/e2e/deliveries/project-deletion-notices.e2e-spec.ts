import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  projectWithCallers,
  type EventView,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { countRows } from '../identity/audit-events';
import { createAlertConfig, hostDownAlert, startDeliveriesApp, workerOf } from './deliveries.fixture';

// The default lease: 2 x OUTBOUND_TIMEOUT_MS (10 s) + 30 s.
const DELIVERY_LEASE_MS = 50_000;

describe('DELETE /groups/{groupId}', () => {
  const clock = new ManualClock(new Date('2024-05-01T10:00:00Z'));
  let t: TestApp;
  let boot: BootstrapResult;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const requestsTo = (path: string) => receiver.requests.filter((request) => request.path === path);
  const webhookEvents = (path: string) => requestsTo(path).map((request) => request.headers['x-mms-event']);
  const pagerDutyEvents = () =>
    requestsTo('/pagerduty').map((request) => {
      const body = request.json();
      return [body.event_action, body.dedup_key, body.routing_key];
    });

  async function deleteProject(p: ProjectCallers): Promise<void> {
    const deleted = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}`, { auth: p.orgOwner });
    expect(deleted.status).toBe(200);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${p.groupId}`, { auth: p.globalOwner }),
      404,
      'GROUP_NOT_FOUND',
    );
  }

  async function sentEvents(p: ProjectCallers): Promise<EventView[]> {
    const response = await call<{ results: EventView[] }>(
      'GET',
      `${t.apiUrl}/orgs/${p.orgId}/events?eventType=ALERT_NOTIFICATION_SENT&includeRaw=true&itemsPerPage=500`,
      { auth: p.orgOwner },
    );
    expect(response.status).toBe(200);
    return response.body.results.filter((event) => event.groupId === p.groupId);
  }

  it('should send alert.cancel to the webhook and resolve to PagerDuty after the project is gone when its notified alerts are open', async () => {
    const p = await projectWithCallers(t, boot);
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-deleted'), delayMin: 0, intervalMin: 5 },
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-deleted-project-0001', delayMin: 0, intervalMin: 5 },
    ]);
    const first = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    const second = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    expect(webhookEvents('/hook-deleted')).toEqual(['alert.open', 'alert.open']);
    receiver.reset();

    await deleteProject(p);
    // Nothing is sent inside the deleting transaction: the notices wait in the queue.
    expect(receiver.requests).toHaveLength(0);
    expect(await countRows(t, `SELECT 1 FROM deliveries WHERE group_id = $1`, [p.groupId])).toBe(4);

    expect(await workerOf(t.app).runDue()).toBe(4);

    const cancels = requestsTo('/hook-deleted');
    expect(cancels.map((request) => request.headers['x-mms-event'])).toEqual([
      'alert.cancel',
      'alert.cancel',
    ]);
    expect(cancels.map((request) => request.json().id).sort()).toEqual([first.id, second.id].sort());
    for (const request of cancels) {
      expect(request.json()).toMatchObject({
        status: 'CANCELLED',
        groupId: p.groupId,
        alertConfigId: configId,
      });
    }
    expect(pagerDutyEvents().sort()).toEqual(
      [
        ['resolve', first.id, 'pd-deleted-project-0001'],
        ['resolve', second.id, 'pd-deleted-project-0001'],
      ].sort(),
    );
    // Each notice is recorded as sent, with the deleted project's other events (read through the organization).
    const sent = await sentEvents(p);
    expect(sent.filter((event) => event.raw?.eventKind === 'alert.cancel')).toHaveLength(4);
    // Sent once: nothing is left to retry.
    receiver.reset();
    expect(await workerOf(t.app).runDue()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
  });

  it('should send nothing when the project’s alerts were never notified', async () => {
    const p = await projectWithCallers(t, boot);
    const now = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-unnotified'), delayMin: 0, intervalMin: 5 },
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-unnotified-0001', delayMin: 0, intervalMin: 5 },
    ]);
    const later = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-unnotified'), delayMin: 30, intervalMin: 5 },
    ]);
    // TRACKING, OPEN but not due yet, and OPEN with its opening still queued (never attempted).
    await alertsOf(t).track(hostDownAlert(p.groupId, now));
    await alertsOf(t).open(hostDownAlert(p.groupId, later));
    await alertsOf(t).open(hostDownAlert(p.groupId, now));

    await deleteProject(p);

    expect(await workerOf(t.app).runDue()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
    expect(await countRows(t, `SELECT 1 FROM deliveries WHERE group_id = $1`, [p.groupId])).toBe(0);
  });

  it('should still send the ending already queued and no cancel when a notified alert closed just before the deletion', async () => {
    const p = await projectWithCallers(t, boot);
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-closed'), delayMin: 0, intervalMin: 5 },
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-closed-0001', delayMin: 0, intervalMin: 5 },
    ]);
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    await workerOf(t.app).runDue();
    await alertsOf(t).close(alert.id);
    receiver.reset();

    await deleteProject(p);
    await workerOf(t.app).runDue();

    expect(webhookEvents('/hook-closed')).toEqual(['alert.close']);
    expect(requestsTo('/hook-closed')[0].json()).toMatchObject({ id: alert.id, status: 'CLOSED' });
    expect(pagerDutyEvents()).toEqual([['resolve', alert.id, 'pd-closed-0001']]);
  });

  it('should hold the resolve back until the opening’s lease ends when the opening is in flight at the deletion', async () => {
    const p = await projectWithCallers(t, boot);
    const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'PAGER_DUTY', serviceKey: 'pd-in-flight-0001', delayMin: 0, intervalMin: 5 },
    ]);
    // The trigger is answered only after the project is deleted: the deletion happens while it is in flight.
    receiver.respondWith({ status: 202, delayMs: 3000 });
    const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
    expect(await workerOf(t.app).fill()).toBe(1);
    await receiver.waitFor(1);

    await deleteProject(p);
    await workerOf(t.app).idle();
    expect(await workerOf(t.app).runDue()).toBe(0);
    expect(pagerDutyEvents()).toEqual([['trigger', alert.id, 'pd-in-flight-0001']]);

    clock.advance(DELIVERY_LEASE_MS);
    expect(await workerOf(t.app).runDue()).toBe(1);
    expect(pagerDutyEvents()).toEqual([
      ['trigger', alert.id, 'pd-in-flight-0001'],
      ['resolve', alert.id, 'pd-in-flight-0001'],
    ]);
  });

  it('should cancel only at the receivers that accepted the opening or may have received it', async () => {
    const refusing = await HttpReceiver.start();
    refusing.respondByDefault({ status: 404 });
    try {
      const p = await projectWithCallers(t, boot);
      const configId = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
        { typeName: 'WEBHOOK', webhookUrl: refusing.url('/hook-refused'), delayMin: 0, intervalMin: 5 },
        { typeName: 'WEBHOOK', webhookUrl: receiver.url('/hook-retrying'), delayMin: 0, intervalMin: 5 },
      ]);
      // One opening is refused for good (404), the other is to be retried (503): it may have arrived.
      receiver.respondWith({ status: 503 });
      const alert = await alertsOf(t).open(hostDownAlert(p.groupId, configId));
      await workerOf(t.app).runDue();
      expect(refusing.requests).toHaveLength(1);
      expect(receiver.requests).toHaveLength(1);
      refusing.reset();
      receiver.reset();

      await deleteProject(p);
      clock.advance(120_000);
      await workerOf(t.app).runDue();

      expect(refusing.requests).toHaveLength(0);
      expect(webhookEvents('/hook-retrying')).toEqual(['alert.cancel']);
      expect(requestsTo('/hook-retrying')[0].json()).toMatchObject({ id: alert.id, status: 'CANCELLED' });
    } finally {
      await refusing.close();
    }
  });
});
