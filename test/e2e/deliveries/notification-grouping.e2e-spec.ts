import { createHmac, randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { NewAlert } from '../../../src/modules/alerting';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { alertsOf, createMaintenanceWindow, windowBody } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import type { TestApp } from '../../support/test-app';
import { isoSeconds, MINUTE } from '../../support/time';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  flushAndDeliver,
  groupFlusherOf,
  startDeliveriesApp,
  startInstance,
  workerOf,
} from './deliveries.fixture';
import { groupingProject, hostAlert } from './grouping.fixture';

const SECOND = 1000;
const SECRET = 'grouping-webhook-secret';

interface GroupBody {
  groupKey: string;
  groupId: string;
  groupLabels: Record<string, string>;
  status: string;
  sequence: number;
  alerts: Array<{ id: string; status: string; alertConfigId: string }>;
  newAlertIds: string[];
  resolvedAlertIds: string[];
}

describe('PUT /groups/{groupId}/alertGroupingPolicy and the group messages it makes', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let boot: BootstrapResult;
  let receiver: HttpReceiver;
  let smtp: SmtpReceiver;
  const extra: INestApplication[] = [];

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    smtp = await SmtpReceiver.start();
    t = await startDeliveriesApp(clock, receiver, smtp);
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    for (const app of extra) await app.close();
    await t.close();
    await receiver.close();
    await smtp.close();
  });

  beforeEach(() => {
    receiver.reset();
    smtp.reset();
  });

  const posts = (path: string): ReceivedRequest[] =>
    receiver.requests.filter((request) => request.path === path);
  const bodies = (path: string): GroupBody[] => posts(path).map((request) => request.json() as GroupBody);
  const ids = (alerts: Array<{ id: string }>): string[] => alerts.map((alert) => alert.id).sort();

  const setUp = (policy: Record<string, unknown>, notification: Record<string, unknown>) =>
    groupingProject(t, boot, policy, notification);
  const webhook = (path: string) => ({
    typeName: 'WEBHOOK',
    webhookUrl: receiver.url(path),
    webhookSecret: SECRET,
  });
  const open = (alert: NewAlert) => alertsOf(t).open(alert);
  // Per key: the two alerts sharing its value (from configurations A and B, or both from A when grouping
  // by configuration) and one alert with another value.
  const BY_KEY: Record<string, (a: string, b: string) => Array<[string, Partial<NewAlert>]>> = {
    REPLICA_SET: (a, b) => [
      [a, { replicaSetName: 'rs0' }],
      [b, { replicaSetName: 'rs0' }],
      [a, { replicaSetName: 'rs1' }],
    ],
    CLUSTER: (a, b) => [
      [a, { clusterId: 'c0c0c0c0c0c0c0c0c0c0c0c0' }],
      [b, { clusterId: 'c0c0c0c0c0c0c0c0c0c0c0c0' }],
      [a, { clusterId: 'c1c1c1c1c1c1c1c1c1c1c1c1' }],
    ],
    HOST: (a, b) => [
      [a, { hostnameAndPort: 'h0.example.com:27017' }],
      [b, { hostnameAndPort: 'h0.example.com:27017' }],
      [a, { hostnameAndPort: 'h1.example.com:27017' }],
    ],
    ALERT_CONFIG: (a, b) => [
      [a, {}],
      [a, {}],
      [b, {}],
    ],
    EVENT_TYPE: (a, b) => [
      [a, {}],
      [b, {}],
      [a, { eventTypeName: 'HOST_DOWN' }],
    ],
  };

  it.each(Object.keys(BY_KEY))(
    'should send one signed alert.group POST per %s across two configurations after group_wait',
    async (key) => {
      const path = `/by-${key}`;
      const { p, configA, configB } = await setUp(
        { groupBy: [key], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
        webhook(path),
      );
      const opened = [];
      for (const [config, overrides] of BY_KEY[key](configA, configB)) {
        opened.push(await open(hostAlert(p.groupId, config, overrides)));
      }
      await flushAndDeliver(t.app);
      expect(posts(path)).toHaveLength(0);

      clock.advance(SECOND);
      await flushAndDeliver(t.app);
      const received = posts(path);
      expect(received).toHaveLength(2);
      for (const request of received) {
        expect(request.headers['x-mms-event']).toBe('alert.group');
        expect(request.headers['x-mms-signature']).toBe(
          createHmac('sha1', SECRET).update(request.rawBody).digest('base64'),
        );
      }
      const messages = bodies(path).sort((x, y) => y.alerts.length - x.alerts.length);
      expect(messages.map((message) => ids(message.alerts))).toEqual([
        ids(opened.slice(0, 2)),
        ids(opened.slice(2)),
      ]);
      expect(messages[0]).toMatchObject({
        groupId: p.groupId,
        status: 'OPEN',
        sequence: 1,
        resolvedAlertIds: [],
      });
      expect(Object.keys(messages[0].groupLabels)).toEqual([key]);
      expect(messages[0].newAlertIds.sort()).toEqual(ids(opened.slice(0, 2)));
      expect(messages[0].groupKey).not.toBe(messages[1].groupKey);

      const logged = (await deliveriesOf(t, p.readOnly, p.groupId)).filter(
        (row) => row.eventKind === 'alert.group',
      );
      expect(logged).toHaveLength(2);
      expect(
        logged.map((row) => [row.status, row.targetType, (row.alertIds as string[]).length]).sort(),
      ).toEqual([
        ['SUCCEEDED', 'WEBHOOK', 1],
        ['SUCCEEDED', 'WEBHOOK', 2],
      ]);
    },
  );
  it('should collect alerts arriving within group_wait and send a later one as an update after group_interval', async () => {
    const path = '/collect';
    const { p, configA, configB } = await setUp(
      { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
      webhook(path),
    );
    const first = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    clock.advance(SECOND / 2);
    await flushAndDeliver(t.app);
    const second = await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs0' }));
    await flushAndDeliver(t.app);
    expect(posts(path)).toHaveLength(0);

    clock.advance(SECOND / 2);
    await flushAndDeliver(t.app);
    expect(bodies(path).map((message) => ids(message.alerts))).toEqual([ids([first, second])]);

    clock.advance(SECOND);
    const later = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    await flushAndDeliver(t.app);
    clock.advance(8 * SECOND);
    await flushAndDeliver(t.app);
    expect(posts(path)).toHaveLength(1);

    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const [opening, update] = bodies(path);
    expect(update).toMatchObject({
      groupKey: opening.groupKey,
      sequence: 2,
      status: 'OPEN',
      newAlertIds: [later.id],
    });
    expect(ids(update.alerts)).toEqual(ids([first, second, later]));

    // Unchanged: nothing more until the repeat interval (the configurations' intervalMin, 60).
    clock.advance(59 * MINUTE);
    await flushAndDeliver(t.app);
    expect(posts(path)).toHaveLength(2);
    clock.advance(MINUTE);
    await flushAndDeliver(t.app);
    expect(bodies(path)[2]).toMatchObject({ groupKey: opening.groupKey, sequence: 3, newAlertIds: [] });
  });

  it('should tell of a partial resolution, close the group when all resolved, on one PagerDuty incident', async () => {
    const path = '/resolution';
    const { p, configA, configB } = await setUp(
      { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
      webhook(path),
    );
    const serviceKey = `pd-${randomBytes(6).toString('hex')}`;
    const pagerDuty = [{ typeName: 'PAGER_DUTY', serviceKey, delayMin: 0, intervalMin: 60 }];
    const pdConfigA = await createAlertConfig(t, p.monitoringAdmin, p.groupId, pagerDuty);
    const pdConfigB = await createAlertConfig(t, p.monitoringAdmin, p.groupId, pagerDuty);
    const [a, b] = [
      await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' })),
      await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs0' })),
    ];
    const [pdA, pdB] = [
      await open(hostAlert(p.groupId, pdConfigA, { replicaSetName: 'rs0' })),
      await open(hostAlert(p.groupId, pdConfigB, { replicaSetName: 'rs0' })),
    ];
    clock.advance(SECOND);
    await flushAndDeliver(t.app);

    await alertsOf(t).close(a.id);
    await alertsOf(t).close(pdA.id);
    await flushAndDeliver(t.app);
    expect(posts(path)).toHaveLength(1);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    const partial = bodies(path)[1];
    expect(partial).toMatchObject({ status: 'OPEN', sequence: 2, newAlertIds: [], resolvedAlertIds: [a.id] });
    expect(partial.alerts.map((alert) => [alert.id, alert.status]).sort()).toEqual(
      [
        [a.id, 'CLOSED'],
        [b.id, 'OPEN'],
      ].sort(),
    );

    await alertsOf(t).close(b.id);
    await alertsOf(t).close(pdB.id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(bodies(path)[2]).toMatchObject({
      status: 'CLOSED',
      resolvedAlertIds: [b.id],
      alerts: [expect.objectContaining({ id: b.id })],
    });

    const incidents = posts('/pagerduty')
      .map((request) => request.json() as { routing_key: string; event_action: string; dedup_key: string })
      .filter((event) => event.routing_key === serviceKey);
    expect(incidents.map((event) => event.event_action)).toEqual(['trigger', 'trigger', 'resolve']);
    expect(new Set(incidents.map((event) => event.dedup_key)).size).toBe(1);

    // The group is over: the next alert with its keys opens a new incident.
    await open(hostAlert(p.groupId, pdConfigA, { replicaSetName: 'rs0' }));
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const next = posts('/pagerduty')
      .map((request) => request.json() as { routing_key: string; dedup_key: string })
      .filter((event) => event.routing_key === serviceKey);
    expect(next).toHaveLength(4);
    expect(next[3].dedup_key).not.toBe(incidents[0].dedup_key);
  });

  it('should leave acknowledged, windowed and inhibited alerts out of the message, and send nothing when all are silenced', async () => {
    const path = '/silences';
    const { p, configA, configB } = await setUp(
      { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10, repeatIntervalMinutes: 5 },
      webhook(path),
    );
    const downHost = randomBytes(12).toString('hex');
    const acked = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));
    const windowed = await open({
      groupId: p.groupId,
      alertConfigId: configB,
      eventTypeName: 'NO_PRIMARY',
      replicaSetName: 'rs0',
    });
    const inhibited = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0', hostId: downHost }));
    const loud = await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs0' }));
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    expect(ids(bodies(path)[0].alerts)).toEqual(ids([acked, windowed, inhibited, loud]));

    const until = isoSeconds(new Date(clock.now().getTime() + 120 * MINUTE));
    const ack = (alertId: string) =>
      call('PATCH', `${t.apiUrl}/groups/${p.groupId}/alerts/${alertId}`, {
        auth: p.monitoringAdmin,
        body: { acknowledgedUntil: until },
      });
    expect((await ack(acked.id)).status).toBe(200);
    await createMaintenanceWindow(
      t,
      p.monitoringAdmin,
      p.groupId,
      windowBody(clock.now(), { startInMs: -MINUTE, endInMs: 120 * MINUTE, alertTypeNames: ['REPLICA_SET'] }),
    );
    // Its host down (another configuration, another receiver): the metric alert on it is inhibited.
    const hostConfig = await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { ...webhook('/silences-host-down'), delayMin: 0, intervalMin: 60 },
    ]);
    await open(hostAlert(p.groupId, hostConfig, { eventTypeName: 'HOST_DOWN', hostId: downHost }));
    const joined = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs0' }));

    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    const update = bodies(path)[1];
    expect(ids(update.alerts)).toEqual(ids([loud, joined]));
    expect(update.newAlertIds).toEqual([joined.id]);
    // No acknowledgement notice per alert either: the group's messages speak for it.
    expect(posts(path).map((request) => request.headers['x-mms-event'])).toEqual([
      'alert.group',
      'alert.group',
    ]);

    expect((await ack(loud.id)).status).toBe(200);
    expect((await ack(joined.id)).status).toBe(200);
    for (let minutes = 0; minutes < 30; minutes += 5) {
      clock.advance(5 * MINUTE);
      await flushAndDeliver(t.app);
    }
    expect(posts(path)).toHaveLength(2);
  });

  it('should send one e-mail listing the alerts of a group, and one more when the group resolves', async () => {
    const { p, configA, configB } = await setUp(
      { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
      { typeName: 'EMAIL', emailAddress: 'oncall-group@example.com' },
    );
    const a = await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs-mail' }));
    const b = await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs-mail' }));
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    expect(smtp.messages).toHaveLength(1);
    const [opening] = smtp.messages;
    expect(opening.to).toEqual(['oncall-group@example.com']);
    expect(opening.headers.subject).toContain('2 open alerts (REPLICA_SET=rs-mail)');
    for (const alert of [a, b]) expect(opening.text).toContain(alert.hostnameAndPort ?? alert.id);

    await alertsOf(t).close(a.id);
    await alertsOf(t).close(b.id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1].headers.subject).toContain('Alert resolved: 0 open alerts (REPLICA_SET=rs-mail)');
  });

  it('should post one Slack message listing the alerts of a group across two configurations', async () => {
    const { p, configA, configB } = await setUp(
      { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
      { typeName: 'SLACK', apiToken: 'xoxb-grouping-token', channelName: '#grouped' },
    );
    const opened = [
      await open(hostAlert(p.groupId, configA, { replicaSetName: 'rs-chat' })),
      await open(hostAlert(p.groupId, configB, { replicaSetName: 'rs-chat' })),
    ];
    receiver.respondByDefault({ status: 200, body: { ok: true } });
    clock.advance(SECOND);
    await flushAndDeliver(t.app);

    const slack = posts('/slack');
    expect(slack).toHaveLength(1);
    const message = slack[0].json() as { channel: string; text: string };
    expect(message.channel).toBe('#grouped');
    expect(message.text).toContain('2 open alerts (REPLICA_SET=rs-chat)');
    for (const alert of opened) expect(message.text).toContain(alert.hostnameAndPort ?? alert.id);
  });

  it('should log each group message once with its alert ids, retry it, and redeliver it with the same body', async () => {
    const path = '/retry';
    const { p, configA, configB } = await setUp(
      { groupBy: ['ALERT_CONFIG'], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
      webhook(path),
    );
    const opened = [await open(hostAlert(p.groupId, configA)), await open(hostAlert(p.groupId, configA))];
    await open(hostAlert(p.groupId, configB));
    // Both groups' first messages fail, whichever is sent first; the retries succeed.
    receiver.respondByDefault({ status: 503 });
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    receiver.respondByDefault({ status: 200 });
    const logged = () =>
      deliveriesOf(t, p.readOnly, p.groupId).then((rows) =>
        rows.filter((row) => (row.alertIds as string[] | undefined)?.includes(opened[0].id)),
      );
    const [failed] = await logged();
    expect(failed).toMatchObject({ eventKind: 'alert.group', status: 'PENDING', attemptCount: 1 });
    expect((failed.alertIds as string[]).sort()).toEqual(ids(opened));

    clock.advance(10 * MINUTE);
    await workerOf(t.app).runDue();
    const [settled] = await logged();
    expect(settled).toMatchObject({ id: failed.id, status: 'SUCCEEDED', attemptCount: 2 });

    const again = await call('POST', `${t.apiUrl}/groups/${p.groupId}/deliveries/${failed.id}/redeliver`, {
      auth: p.monitoringAdmin,
    });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({
      redeliveryOf: failed.id,
      notificationGroupId: failed.notificationGroupId,
    });
    await workerOf(t.app).runDue();
    const sent = posts(path).filter(
      (request) => (request.json() as GroupBody).groupKey === failed.notificationGroupId,
    );
    expect(sent).toHaveLength(3);
    expect(sent[2].text).toBe(sent[1].text);
    expect(sent[2].headers['x-mms-event']).toBe('alert.group');
  });

  it('should send each group message once when two instances flush at the same moment', async () => {
    const path = '/instances';
    const second = await startInstance(t, clock, deliveriesEnv(receiver));
    extra.push(second);
    const { p, configA, configB } = await setUp(
      { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 },
      webhook(path),
    );
    for (const rs of ['rs0', 'rs1', 'rs2']) {
      await open(hostAlert(p.groupId, configA, { replicaSetName: rs }));
      await open(hostAlert(p.groupId, configB, { replicaSetName: rs }));
    }
    clock.advance(SECOND);
    await Promise.all([groupFlusherOf(t.app).runDue(), groupFlusherOf(second).runDue()]);
    await Promise.all([workerOf(t.app).runDue(), workerOf(second).runDue()]);
    expect(
      bodies(path)
        .map((message) => message.groupLabels.REPLICA_SET)
        .sort(),
    ).toEqual(['rs0', 'rs1', 'rs2']);
    expect(bodies(path).every((message) => message.alerts.length === 2)).toBe(true);
  });
});
