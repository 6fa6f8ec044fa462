import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  deliver,
  engineOf,
  measuredHost,
  startEngineApp,
  webhook,
} from './engine.fixture';
import { MINUTE, isoSeconds } from '../../support/time';

// Alerts raised and resolved from the data points of agent reports (POST /agents/v1/groups/{groupId}/reports).
describe('POST /agents/v1/groups/{groupId}/reports (metric threshold alerts)', () => {
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

  const hooks = (path: string) => receiver.requests.filter((request) => request.path === path);
  const connections = (d: Deployment, hostname: string, value: number) =>
    report(t, d, monitoringReport([measuredHost(clock, hostname, { CONNECTIONS: value })]));

  it('should open an alert when a value crosses the threshold and close it when it comes back', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/crossing')],
    });

    await connections(d, 'db0.example.com', 80);
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toEqual([]);

    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 150);
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    const hosts = await getJson<{ results: Array<{ id: string; hostname: string }> }>(
      t,
      d.readOnly,
      `/groups/${d.groupId}/hosts`,
    );
    const hostId = hosts.body.results.find((host) => host.hostname === 'db0.example.com')?.id;
    expect(opened).toMatchObject({
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      status: 'OPEN',
      metricName: 'CONNECTIONS',
      currentValue: { number: 150, units: 'RAW' },
      hostId,
      hostnameAndPort: 'db0.example.com:27017',
      replicaSetName: 'rs0',
      created: isoSeconds(clock.now()),
    });
    expect(opened).not.toHaveProperty('resolved');
    await deliver(t.app);
    expect(hooks('/crossing').map((hook) => hook.headers['x-mms-event'])).toEqual(['alert.open']);
    expect(hooks('/crossing')[0].json().id).toBe(opened.id);

    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 170);
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toHaveLength(1);

    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 90);
    const [closed] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(closed).toMatchObject({ id: opened.id, status: 'CLOSED', resolved: isoSeconds(clock.now()) });
    await deliver(t.app);
    expect(hooks('/crossing').map((hook) => hook.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.close',
    ]);
    const insideEvents = await projectEvents(t, d.readOnly, d.groupId, 'INSIDE_METRIC_THRESHOLD');
    expect(insideEvents).toEqual([expect.objectContaining({ alertId: opened.id, alertConfigId: configId })]);

    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 200);
    const after = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(after.map((alert) => alert.status)).toEqual(['OPEN', 'CLOSED']);
    expect(after[0].id).not.toBe(opened.id);
  });

  it('should keep the alert TRACKING until the first delay has passed, then open it on the sweep', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/tracking', 10)],
    });

    await connections(d, 'db0.example.com', 150);
    const [tracking] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(tracking.status).toBe('TRACKING');
    await deliver(t.app);
    expect(hooks('/tracking')).toEqual([]);

    clock.advance(9 * MINUTE);
    expect(await engineOf(t.app).runSweep()).toBe(0);
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId))[0].status).toBe('TRACKING');

    clock.advance(MINUTE);
    expect(await engineOf(t.app).runSweep()).toBe(1);
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({ id: tracking.id, status: 'OPEN', updated: isoSeconds(clock.now()) });
    await deliver(t.app);
    expect(hooks('/tracking').map((hook) => hook.headers['x-mms-event'])).toEqual(['alert.open']);
    expect(await engineOf(t.app).runSweep()).toBe(0);
  });

  it('should cancel a TRACKING alert when the value comes back before the delay has passed', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/short', 10)],
    });

    await connections(d, 'db0.example.com', 150);
    clock.advance(2 * MINUTE);
    await connections(d, 'db0.example.com', 50);

    const [cancelled] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(cancelled.status).toBe('CANCELLED');
    clock.advance(20 * MINUTE);
    expect(await engineOf(t.app).runSweep()).toBe(0);
    await deliver(t.app);
    expect(hooks('/short')).toEqual([]);
  });

  it('should raise alerts only for the hosts every matcher selects', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      matchers: [{ fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'db0' }],
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/matchers')],
    });

    await report(
      t,
      d,
      monitoringReport([
        measuredHost(clock, 'db0.example.com', { CONNECTIONS: 150 }),
        measuredHost(clock, 'db1.example.com', { CONNECTIONS: 150 }),
      ]),
    );

    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => alert.hostnameAndPort)).toEqual(['db0.example.com:27017']);
  });

  it('should compare a value reported in other units after converting it to the threshold units', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: {
        metricName: 'MEMORY_RESIDENT',
        mode: 'AVERAGE',
        operator: 'GREATER_THAN',
        threshold: 2,
        units: 'GIGABYTES',
      },
      notifications: [webhook(receiver, '/units')],
    });
    const memory = (megabytes: number) =>
      report(
        t,
        d,
        monitoringReport([
          measuredHost(
            clock,
            'db0.example.com',
            {},
            {
              measurements: [
                {
                  metricName: 'MEMORY_RESIDENT',
                  units: 'MEGABYTES',
                  value: megabytes,
                  timestamp: isoSeconds(clock.now()),
                },
              ],
            },
          ),
        ]),
      );

    await memory(2048);
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toEqual([]);
    clock.advance(MINUTE);
    await memory(3072);
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({ status: 'OPEN', currentValue: { number: 3, units: 'GIGABYTES' } });
  });

  it('should cancel the open alerts of a host when the host is removed', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/removed')],
    });
    await connections(d, 'db0.example.com', 150);
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    await deliver(t.app);

    const removed = await call('DELETE', `${t.apiUrl}/groups/${d.groupId}/hosts/${opened.hostId}`, {
      auth: d.monitoringAdmin,
    });
    expect(removed.status).toBe(204);

    const [cancelled] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(cancelled).toMatchObject({ id: opened.id, status: 'CANCELLED' });
    const events = await projectEvents(t, d.readOnly, d.groupId, 'ALERT_CANCELLED');
    expect(events).toEqual([expect.objectContaining({ alertId: opened.id, alertConfigId: configId })]);
    await deliver(t.app);
    expect(hooks('/removed').map((hook) => hook.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.cancel',
    ]);
  });

  it('should open alerts again after a configuration change cancelled them', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/disabled')],
    });
    await connections(d, 'db0.example.com', 150);
    const disabled = await call('PATCH', `${t.apiUrl}/groups/${d.groupId}/alertConfigs/${configId}`, {
      auth: d.monitoringAdmin,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 150);
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status)).toEqual([
      'CANCELLED',
    ]);

    const enabled = await call('PATCH', `${t.apiUrl}/groups/${d.groupId}/alertConfigs/${configId}`, {
      auth: d.monitoringAdmin,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 150);
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId)).map((alert) => alert.status)).toEqual([
      'OPEN',
      'CANCELLED',
    ]);
  });
});
