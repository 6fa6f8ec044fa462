import { randomBytes } from 'node:crypto';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { NewAlert } from '../../../src/modules/alerting';
import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { alertsOf, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { expectUnexpectedError } from '../../support/event-write-failure';
import type { TestApp } from '../../support/test-app';
import { isoSeconds, MINUTE } from '../../support/time';
import { countRows } from '../identity/audit-events';
import {
  createAlertConfig,
  flushAndDeliver,
  groupFlusherOf,
  startDeliveriesApp,
  workerOf,
} from './deliveries.fixture';
import { groupingProject, hostAlert } from './grouping.fixture';

const SECOND = 1000;
// The default lease: 2 x OUTBOUND_TIMEOUT_MS (10 s) + 30 s.
const DELIVERY_LEASE_MS = 50_000;
const POLICY = { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 };

interface GroupBody {
  groupKey: string;
  groupId: string;
  status: string;
  sequence: number;
  alerts: Array<{ id: string; status: string; resolved?: string }>;
  newAlertIds: string[];
  resolvedAlertIds: string[];
}

interface PagerDutyEvent {
  event_action: string;
  dedup_key: string;
  routing_key: string;
}

// Deleting a project resolves at their receivers what its notification groups opened: each group that
// told its receiver of alerts sends a last message carrying every one of them as ended, after the project
// is gone (the per-alert notices of ungrouped alerts are in project-deletion-notices.e2e-spec.ts).
describe('DELETE /groups/{groupId} with notification groups under way', () => {
  const clock = new ManualClock(new Date('2024-06-01T10:00:00Z'));
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

  const posts = (path: string): ReceivedRequest[] =>
    receiver.requests.filter((request) => request.path === path);
  const bodies = (path: string): GroupBody[] => posts(path).map((request) => request.json() as GroupBody);
  const incidents = (serviceKey: string): PagerDutyEvent[] =>
    posts('/pagerduty')
      .map((request) => request.json() as PagerDutyEvent)
      .filter((event) => event.routing_key === serviceKey);
  const ids = (alerts: Array<{ id: string }>): string[] => alerts.map((alert) => alert.id).sort();
  const open = (alert: NewAlert) => alertsOf(t).open(alert);
  const webhook = (path: string) => ({ typeName: 'WEBHOOK', webhookUrl: receiver.url(path) });
  const pagerDuty = (serviceKey: string) => ({ typeName: 'PAGER_DUTY', serviceKey });
  const newServiceKey = () => `pd-${randomBytes(6).toString('hex')}`;

  async function deleteProject(p: ProjectCallers): Promise<void> {
    const deleted = await call('DELETE', `${t.apiUrl}/groups/${p.groupId}`, { auth: p.orgOwner });
    expect(deleted.status).toBe(200);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${p.groupId}`, { auth: p.globalOwner }),
      404,
      'GROUP_NOT_FOUND',
    );
  }

  const groupRows = (groupId: string) =>
    countRows(t, `SELECT 1 FROM notification_groups WHERE group_id = $1`, [groupId]);

  it('should resolve the PagerDuty incident and send the webhook a group document whose alerts have all ended', async () => {
    const path = `/deleted-${randomBytes(4).toString('hex')}`;
    const serviceKey = newServiceKey();
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, webhook(path));
    const notifications = [{ ...pagerDuty(serviceKey), delayMin: 0, intervalMin: 60 }];
    const pdConfig = await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications);
    const [a, b] = [
      await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' })),
      await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs0' })),
    ];
    const pdA = await open(hostAlert(p.groupId, pdConfig, { replicaSetName: 'rs0' }));
    await open(hostAlert(p.groupId, pdConfig, { replicaSetName: 'rs0' }));
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const [opening] = bodies(path);
    expect(opening).toMatchObject({ status: 'OPEN', sequence: 1 });
    expect(ids(opening.alerts)).toEqual(ids([a, b]));
    const [trigger] = incidents(serviceKey);
    expect(trigger.event_action).toBe('trigger');
    // One alert of each group closes; the deletion comes before the groups tell of it.
    await alertsOf(t).close(a.id);
    await alertsOf(t).close(pdA.id);
    receiver.reset();

    await deleteProject(p);
    // Nothing is sent inside the deleting transaction: the endings wait in the queue, the groups are gone.
    expect(receiver.requests).toHaveLength(0);
    expect(await groupRows(p.groupId)).toBe(0);
    expect(await countRows(t, `SELECT 1 FROM deliveries WHERE group_id = $1`, [p.groupId])).toBe(2);
    await groupFlusherOf(t.app).runDue();
    expect(await workerOf(t.app).runDue()).toBe(2);

    const posted = posts(path);
    expect(posted.map((request) => request.headers['x-mms-event'])).toEqual(['alert.group']);
    const ending = bodies(path)[0];
    expect(ending).toMatchObject({
      groupKey: opening.groupKey,
      groupId: p.groupId,
      status: 'CLOSED',
      sequence: 2,
      newAlertIds: [],
    });
    expect(ending.resolvedAlertIds.sort()).toEqual(ids([a, b]));
    // The closed alert as it closed; the other cancelled with its project.
    expect(ending.alerts.map((alert) => [alert.id, alert.status]).sort()).toEqual(
      [
        [a.id, 'CLOSED'],
        [b.id, 'CANCELLED'],
      ].sort(),
    );
    expect(ending.alerts.find((alert) => alert.id === a.id)?.resolved).toBeDefined();

    expect(incidents(serviceKey)).toEqual([
      expect.objectContaining({ event_action: 'resolve', dedup_key: trigger.dedup_key }),
    ]);

    // Sent once: nothing is left to retry or flush.
    receiver.reset();
    await flushAndDeliver(t.app);
    expect(receiver.requests).toHaveLength(0);
  });

  it('should send nothing for a group that has told its receiver nothing', async () => {
    const path = `/untold-${randomBytes(4).toString('hex')}`;
    const serviceKey = newServiceKey();
    const { p, configA } = await groupingProject(t, boot, POLICY, webhook(path));
    const pdConfig = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { ...pagerDuty(serviceKey), delayMin: 0, intervalMin: 60 },
    ]);
    // Two groups with their first message queued and never tried, one still in its group_wait.
    await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs-waiting' }));
    await open(hostAlert(p.groupId, pdConfig, { replicaSetName: 'rs-queued' }));
    clock.advance(SECOND / 2);
    await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs-later' }));
    clock.advance(SECOND / 2);
    expect(await groupFlusherOf(t.app).runDue()).toBe(2);

    await deleteProject(p);
    await flushAndDeliver(t.app);

    expect(receiver.requests).toHaveLength(0);
    expect(await countRows(t, `SELECT 1 FROM deliveries WHERE group_id = $1`, [p.groupId])).toBe(0);
    expect(await groupRows(p.groupId)).toBe(0);
  });

  it('should send the group’s ending already queued and nothing more when all its alerts had ended', async () => {
    const serviceKey = newServiceKey();
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, pagerDuty(serviceKey));
    const alerts = [
      await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' })),
      await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs0' })),
    ];
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    for (const alert of alerts) await alertsOf(t).close(alert.id);
    clock.advance(10 * SECOND);
    // The group's closing message is queued, not yet sent, when the project goes.
    expect(await groupFlusherOf(t.app).runDue()).toBe(1);

    await deleteProject(p);
    await flushAndDeliver(t.app);

    const [trigger, resolve] = incidents(serviceKey);
    expect(incidents(serviceKey)).toHaveLength(2);
    expect(trigger.event_action).toBe('trigger');
    expect(resolve).toMatchObject({ event_action: 'resolve', dedup_key: trigger.dedup_key });
  });

  it('should keep the queued ending and cancel the acknowledged alert the receiver was told of', async () => {
    const path = `/acked-${randomBytes(4).toString('hex')}`;
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, webhook(path));
    const acked = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    const closed = await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs0' }));
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const [opening] = bodies(path);
    const acknowledged = await call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${acked.id}`, {
      auth: p.monitoringAdmin,
      body: { acknowledgedUntil: isoSeconds(new Date(clock.now().getTime() + 120 * MINUTE)) },
    });
    expect(acknowledged.status).toBe(200);
    await alertsOf(t).close(closed.id);
    clock.advance(10 * SECOND);
    // The group tells of the closed alert (its only alert not silenced) and stays, holding the acknowledged
    // one; that message is still queued when the project goes.
    expect(await groupFlusherOf(t.app).runDue()).toBe(1);
    receiver.reset();

    await deleteProject(p);
    await workerOf(t.app).runDue();

    const [closing, ending] = [...bodies(path)].sort((x, y) => x.sequence - y.sequence);
    expect(bodies(path)).toHaveLength(2);
    expect(closing).toMatchObject({ groupKey: opening.groupKey, sequence: 2, resolvedAlertIds: [closed.id] });
    expect(ending).toMatchObject({
      groupKey: opening.groupKey,
      status: 'CLOSED',
      sequence: 3,
      resolvedAlertIds: [acked.id],
      alerts: [expect.objectContaining({ id: acked.id, status: 'CANCELLED' })],
    });
  });

  it('should end the group at a receiver whose message is to be retried: it may have arrived', async () => {
    const path = `/retrying-${randomBytes(4).toString('hex')}`;
    const { p, configA } = await groupingProject(t, boot, POLICY, webhook(path));
    const alert = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    receiver.respondWith({ status: 503 });
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    expect(posts(path)).toHaveLength(1);
    receiver.reset();

    await deleteProject(p);
    clock.advance(2 * MINUTE);
    await workerOf(t.app).runDue();

    // The opening is not tried again; the ending goes.
    expect(bodies(path)).toEqual([
      expect.objectContaining({
        status: 'CLOSED',
        sequence: 2,
        resolvedAlertIds: [alert.id],
        alerts: [expect.objectContaining({ id: alert.id, status: 'CANCELLED' })],
      }),
    ]);
  });

  it('should hold the resolve back until the group message’s lease ends when it is in flight at the deletion', async () => {
    const serviceKey = newServiceKey();
    const { p, configA } = await groupingProject(t, boot, POLICY, pagerDuty(serviceKey));
    await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    clock.advance(SECOND);
    expect(await groupFlusherOf(t.app).runDue()).toBe(1);
    // The trigger is answered only after the project is deleted: the deletion happens while it is in flight.
    receiver.respondWith({ status: 202, delayMs: 3000 });
    expect(await workerOf(t.app).fill()).toBe(1);
    await receiver.waitFor(1);

    await deleteProject(p);
    await workerOf(t.app).idle();
    expect(await workerOf(t.app).runDue()).toBe(0);
    expect(incidents(serviceKey).map((event) => event.event_action)).toEqual(['trigger']);

    clock.advance(DELIVERY_LEASE_MS);
    expect(await workerOf(t.app).runDue()).toBe(1);
    const [trigger, resolve] = incidents(serviceKey);
    expect(resolve).toMatchObject({ event_action: 'resolve', dedup_key: trigger.dedup_key });
  });

  it('should leave the groups and the log whole, and queue no ending, when the deletion rolls back', async () => {
    const serviceKey = newServiceKey();
    const { p, configA } = await groupingProject(t, boot, POLICY, pagerDuty(serviceKey));
    await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const emitter = t.app.get(EventEmitter2);
    const fail = (): never => {
      throw new Error('injected listener failure');
    };
    emitter.on('domain.GROUP_DELETED', fail);
    try {
      expectUnexpectedError(await call('DELETE', `${t.apiUrl}/groups/${p.groupId}`, { auth: p.orgOwner }));
    } finally {
      emitter.off('domain.GROUP_DELETED', fail);
    }

    expect(await groupRows(p.groupId)).toBe(1);
    expect(
      await countRows(t, `SELECT 1 FROM deliveries WHERE group_id = $1 AND status = 'SUCCEEDED'`, [
        p.groupId,
      ]),
    ).toBe(1);
    expect(await workerOf(t.app).runDue()).toBe(0);

    await deleteProject(p);
    await workerOf(t.app).runDue();
    expect(incidents(serviceKey).map((event) => event.event_action)).toEqual(['trigger', 'resolve']);
  });
});
