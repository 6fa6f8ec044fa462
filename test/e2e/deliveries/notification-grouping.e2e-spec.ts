import { createHmac, randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { NewAlert } from '../../../src/modules/alerting';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import {
  alertsOf,
  metricAlert,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesOf,
  groupFlusherOf,
  startDeliveriesApp,
  workerOf,
} from './deliveries.fixture';

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
  const extra: INestApplication[] = [];

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    for (const app of extra) await app.close();
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const flushAndDeliver = async (app: INestApplication = t.app): Promise<void> => {
    await groupFlusherOf(app).runDue();
    await workerOf(app).runDue();
  };
  const posts = (path: string): ReceivedRequest[] =>
    receiver.requests.filter((request) => request.path === path);
  const bodies = (path: string): GroupBody[] => posts(path).map((request) => request.json() as GroupBody);
  const ids = (alerts: Array<{ id: string }>): string[] => alerts.map((alert) => alert.id).sort();

  // A project with a policy and two alert configurations notifying the same webhook (URL and secret).
  const setUp = async (
    policy: Record<string, unknown>,
    notification: Record<string, unknown>,
  ): Promise<{ p: ProjectCallers; configA: string; configB: string }> => {
    const p = await projectWithCallers(t, boot);
    const saved = await call('PUT', `${t.apiUrl}/groups/${p.groupId}/alertGroupingPolicy`, {
      auth: p.monitoringAdmin,
      body: policy,
    });
    expect(saved.status).toBe(200);
    const notifications = [{ delayMin: 0, intervalMin: 60, ...notification }];
    const configA = await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications);
    const configB = await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications);
    return { p, configA, configB };
  };
  const webhook = (path: string) => ({
    typeName: 'WEBHOOK',
    webhookUrl: receiver.url(path),
    webhookSecret: SECRET,
  });
  const open = (alert: NewAlert) => alertsOf(t).open(alert);
  // A metric alert on a host of its own (HOST_DOWN: without the metric fields).
  const hostAlert = (groupId: string, alertConfigId: string, overrides: Partial<NewAlert> = {}): NewAlert => {
    const alert = metricAlert(groupId, {
      alertConfigId,
      hostId: randomBytes(12).toString('hex'),
      hostnameAndPort: `db-${randomBytes(3).toString('hex')}.example.com:27017`,
      replicaSetName: `rs-${randomBytes(3).toString('hex')}`,
      ...overrides,
    });
    if (alert.eventTypeName !== 'HOST_DOWN') return alert;
    const { metricName, currentValue, humanReadable, ...hostDown } = alert;
    void [metricName, currentValue, humanReadable];
    return hostDown;
  };

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
      await flushAndDeliver();
      expect(posts(path)).toHaveLength(0);

      clock.advance(SECOND);
      await flushAndDeliver();
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
});
