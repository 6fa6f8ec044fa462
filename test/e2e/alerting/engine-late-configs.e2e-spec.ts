import type { INestApplication } from '@nestjs/common';
import { AlertConfigReconciler } from '../../../src/modules/alerting';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  postReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  deliver,
  DOWN_AFTER_S,
  engineEnv,
  engineOf,
  livenessOf,
  measuredHost,
  startEngineApp,
  startListeningInstance,
  webhook,
} from './engine.fixture';
import { MINUTE } from '../../support/time';

// A configuration created (or enabled) while its condition already holds raises the alert at once, and
// only once: the later reports and sweeps that find the condition still holding do not raise another.
describe('POST /groups/{groupId}/alertConfigs (a condition that already holds)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const heard = (path: string) =>
    receiver.requests
      .filter((request) => request.path === path)
      .map((request) => request.headers['x-mms-event']);
  const statuses = async (d: Deployment, configId: string) =>
    (await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status);

  it('should open HOST_DOWN at once when the host is already down, and only once', async () => {
    const d = await deployment(t);
    await report(t, d, monitoringReport([hostReport()]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));

    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/late-down')],
    });

    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({ status: 'OPEN', hostnameAndPort: 'db0.example.com:27017' });
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    await livenessOf(t.app).sweep();
    expect(await statuses(d, configId)).toEqual(['OPEN']);
    await deliver(t.app);
    expect(heard('/late-down')).toEqual(['alert.open']);
  });

  it('should open a metric alert at once from a fresh latest value that crosses, and none from a stale one', async () => {
    const d = await deployment(t);
    await report(t, d, monitoringReport([measuredHost(clock, 'stale.example.com', { CONNECTIONS: 900 })]));
    clock.advance(31 * MINUTE);
    await report(t, d, monitoringReport([measuredHost(clock, 'fresh.example.com', { CONNECTIONS: 150 })]));

    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/late-metric')],
    });

    const [opened, ...others] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(others).toEqual([]);
    expect(opened).toMatchObject({
      status: 'OPEN',
      hostnameAndPort: 'fresh.example.com:27017',
      metricName: 'CONNECTIONS',
      currentValue: { number: 150, units: 'RAW' },
    });
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([measuredHost(clock, 'fresh.example.com', { CONNECTIONS: 170 })]));
    expect(await statuses(d, configId)).toEqual(['OPEN']);
    await deliver(t.app);
    expect(heard('/late-metric')).toEqual(['alert.open']);
  });

  it('should track a late metric alert for the delay and open it on the sweep', async () => {
    const d = await deployment(t);
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 150 })]));

    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/late-delay', 5)],
    });

    expect(await statuses(d, configId)).toEqual(['TRACKING']);
    clock.advance(5 * MINUTE);
    await engineOf(t.app).runSweep();
    expect(await statuses(d, configId)).toEqual(['OPEN']);
  });

  it('should open a replica set condition at once when the set already has no primary', async () => {
    const d = await deployment(t);
    const secondary = (hostname: string) => hostReport({ hostname, typeName: 'REPLICA_SECONDARY' });
    await report(t, d, monitoringReport([secondary('db0.example.com'), secondary('db1.example.com')]));

    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'NO_PRIMARY',
      notifications: [webhook(receiver, '/late-set')],
    });

    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({ status: 'OPEN', replicaSetName: 'rs0' });
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([secondary('db0.example.com'), secondary('db1.example.com')]));
    expect(await statuses(d, configId)).toEqual(['OPEN']);
  });

  it('should open host conditions at once for a recovering host and an expiring certificate', async () => {
    const d = await deployment(t);
    const inTenDays = new Date(clock.now().getTime() + 10 * 24 * 60 * MINUTE).toISOString();
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: 'recovering.example.com', typeName: 'RECOVERING' }),
        hostReport({ hostname: 'expiring.example.com', sslCertificateNotAfter: inTenDays }),
      ]),
    );

    const recovering = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_RECOVERING',
      notifications: [webhook(receiver, '/late-recovering')],
    });
    const expiring = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_SSL_CERTIFICATE_STALE',
      notifications: [webhook(receiver, '/late-ssl')],
    });

    const [recoveringAlert] = await alertsOfConfig(t, d.readOnly, d.groupId, recovering);
    expect(recoveringAlert).toMatchObject({
      status: 'OPEN',
      hostnameAndPort: 'recovering.example.com:27017',
    });
    const expiringAlerts = await alertsOfConfig(t, d.readOnly, d.groupId, expiring);
    expect(expiringAlerts.map((alert) => `${alert.hostnameAndPort} ${alert.status}`)).toEqual([
      'expiring.example.com:27017 OPEN',
    ]);
  });

  it('should open an agent down alert at once when the agent is already down, and only once', async () => {
    const d = await deployment(t);
    const agent = { agentType: 'AUTOMATION', hostname: 'auto0.example.com', version: '107.0.0.8465-1' };
    await report(t, d, agent);
    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await livenessOf(t.app).sweep();

    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'AUTOMATION_AGENT_DOWN',
      notifications: [webhook(receiver, '/late-agent')],
    });

    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({
      status: 'OPEN',
      humanReadable: 'AUTOMATION_AGENT_DOWN on auto0.example.com',
    });
    clock.advance(MINUTE);
    await livenessOf(t.app).sweep();
    expect(await statuses(d, configId)).toEqual(['OPEN']);
    clock.advance(MINUTE);
    await report(t, d, agent);
    expect(await statuses(d, configId)).toEqual(['CLOSED']);
  });
});

// The reconciliation raises through the same per-(configuration, target) lock as the reports'
// evaluations: writes of the configuration and reports reaching two instances at once raise one alert.
describe('PATCH /groups/{groupId}/alertConfigs/{alertConfigId} on two instances', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let second: { app: INestApplication; baseUrl: string };
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver);
    second = await startListeningInstance(t, clock, engineEnv(receiver));
  });

  afterAll(async () => {
    await second.app.close();
    await t.close();
    await receiver.close();
  });

  it('should raise one alert when both instances enable the configuration at once, and keep it through edits racing reports', async () => {
    const d = await deployment(t);
    const busy = monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 150 })]);
    await report(t, d, busy);
    const body = (intervalMin: number) => ({
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [{ ...webhook(receiver, '/two-late'), intervalMin }],
    });
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, { ...body(60), enabled: false });
    const configUrl = (baseUrl: string) =>
      `${baseUrl}/api/public/v1.0/groups/${d.groupId}/alertConfigs/${configId}`;
    const instances = [t.baseUrl, second.baseUrl];

    const enabled = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call('PATCH', configUrl(instances[index % 2]), { auth: d.monitoringAdmin, body: { enabled: true } }),
      ),
    );

    expect(enabled.map((response) => response.status)).toEqual(Array(6).fill(200));
    const [opened, ...others] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(others).toEqual([]);
    expect(opened.status).toBe('OPEN');

    clock.advance(MINUTE);
    const raced = await Promise.all(
      Array.from({ length: 8 }, (_, index) => {
        const baseUrl = instances[index % 2];
        return index % 4 < 2
          ? call('PUT', configUrl(baseUrl), {
              auth: d.monitoringAdmin,
              body: { ...body(5 + index), enabled: true },
            })
          : postReport({ ...t, baseUrl }, d.groupId, d.agentKey.key, busy);
      }),
    );

    expect(raced.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 202, 202, 202, 202]);
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => `${alert.id} ${alert.status}`)).toEqual([`${opened.id} OPEN`]);
    const events = await projectEvents(t, d.readOnly, d.groupId, 'OUTSIDE_METRIC_THRESHOLD');
    expect(events.filter((event) => event.alertConfigId === configId)).toHaveLength(1);
  });

  it('should raise at the next engine sweep the alert a report missed on an instance whose cache held the configurations from before', async () => {
    const stale = await startListeningInstance(t, clock, {
      ...engineEnv(receiver),
      ALERT_ENGINE_CONFIG_CACHE_MS: '600000',
    });
    try {
      const d = await deployment(t);
      const viaStale = (body: unknown) =>
        postReport({ ...t, baseUrl: stale.baseUrl }, d.groupId, d.agentKey.key, body);
      expect((await viaStale(monitoringReport([hostReport()]))).status).toBe(202);
      const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
        eventTypeName: 'HOST_DOWN',
        notifications: [webhook(receiver, '/stale-cache')],
      });
      clock.advance(MINUTE);
      expect((await viaStale(monitoringReport([hostReport({ up: false })]))).status).toBe(202);
      expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toEqual([]);

      await Promise.all([
        stale.app.get(AlertConfigReconciler).reconcileRecentWrites(),
        stale.app.get(AlertConfigReconciler).reconcileRecentWrites(),
      ]);

      const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
      expect(alerts.map((alert) => `${alert.hostnameAndPort} ${alert.status}`)).toEqual([
        'db0.example.com:27017 OPEN',
      ]);
    } finally {
      await stale.app.close();
    }
  });
});
