import { ManualClock } from '../../../src/platform/clock/clock';
import { call, type ApiResponse } from '../../support/digest-client';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
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

// An edit of a configuration ends an alert only when its condition no longer holds under the new
// configuration, or the configuration is disabled; otherwise the alert keeps its id, status,
// acknowledgement and notifications (a new delayMin or intervalMin applies from the next one).
describe('PUT /groups/{groupId}/alertConfigs/{alertConfigId} (the alerts an edit keeps)', () => {
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
      .map((request) => `${request.headers['x-mms-event'] as string} ${request.json().hostnameAndPort}`);

  const put = async (d: Deployment, configId: string, body: Record<string, unknown>) => {
    const response = await call('PUT', `${t.apiUrl}/groups/${d.groupId}/alertConfigs/${configId}`, {
      auth: d.monitoringAdmin,
      body: { enabled: true, ...body },
    });
    expect(response.status).toBe(200);
  };

  const acknowledge = async (d: Deployment, alertId: string, until: Date): Promise<ApiResponse> =>
    call('PATCH', `${t.apiUrl}/groups/${d.groupId}/alerts/${alertId}`, {
      auth: d.monitoringAdmin,
      body: { acknowledgedUntil: isoSeconds(until), acknowledgementComment: 'on it' },
    });

  it("should keep an open HOST_DOWN alert, its acknowledgement and its inhibition of the host's metric alerts when only intervalMin changes", async () => {
    const d = await deployment(t);
    const downBody = (intervalMin: number) => ({
      eventTypeName: 'HOST_DOWN',
      notifications: [{ ...webhook(receiver, '/keep-down'), intervalMin }],
    });
    const downConfig = await createConfig(t, d.monitoringAdmin, d.groupId, downBody(60));
    const metricConfig = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/keep-metric', 5)],
    });
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 500 })]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    const [down] = await alertsOfConfig(t, d.readOnly, d.groupId, downConfig);
    expect(down.status).toBe('OPEN');
    await deliver(t.app);
    expect(heard('/keep-down')).toEqual(['alert.open db0.example.com:27017']);
    const until = new Date(clock.now().getTime() + 120 * MINUTE);
    expect((await acknowledge(d, down.id, until)).status).toBe(200);

    await put(d, downConfig, downBody(5));

    const [kept] = await alertsOfConfig(t, d.readOnly, d.groupId, downConfig);
    expect(kept).toMatchObject({
      id: down.id,
      status: 'OPEN',
      created: down.created,
      acknowledgedUntil: isoSeconds(until),
      acknowledgementComment: 'on it',
    });
    // The metric alert opens after its delay and stays held back by the host's HOST_DOWN alert.
    clock.advance(5 * MINUTE);
    await engineOf(t.app).runSweep();
    const [metric] = await alertsOfConfig(t, d.readOnly, d.groupId, metricConfig);
    expect(metric.status).toBe('OPEN');
    await deliver(t.app);
    expect(heard('/keep-down')).toEqual([
      'alert.open db0.example.com:27017',
      'alert.acknowledge db0.example.com:27017',
    ]);
    expect(heard('/keep-metric')).toEqual([]);

    // Later reports of the host, still down, keep the one alert open.
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    const after = await alertsOfConfig(t, d.readOnly, d.groupId, downConfig);
    expect(after.map((alert) => `${alert.id} ${alert.status}`)).toEqual([`${down.id} OPEN`]);
    await deliver(t.app);
    expect(heard('/keep-metric')).toEqual([]);
  });

  it('should keep an open metric alert and re-notify at the new intervalMin when only intervalMin changes', async () => {
    const d = await deployment(t);
    const body = (intervalMin: number) => ({
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [{ ...webhook(receiver, '/renotify'), intervalMin }],
    });
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, body(60));
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 150 })]));
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    await deliver(t.app);
    expect(heard('/renotify')).toEqual(['alert.open db0.example.com:27017']);

    clock.advance(MINUTE);
    await put(d, configId, body(5));
    await deliver(t.app);
    expect(heard('/renotify')).toHaveLength(1);

    // Due 5 minutes after the last notification, not 60.
    clock.advance(4 * MINUTE);
    await deliver(t.app);
    expect(heard('/renotify')).toEqual([
      'alert.open db0.example.com:27017',
      'alert.open db0.example.com:27017',
    ]);
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 160 })]));
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => `${alert.id} ${alert.status}`)).toEqual([`${opened.id} OPEN`]);
  });

  it('should close only the alerts the new threshold no longer holds for', async () => {
    const d = await deployment(t);
    const body = (threshold: number) => ({
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(threshold),
      notifications: [webhook(receiver, '/threshold')],
    });
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, body(100));
    await report(
      t,
      d,
      monitoringReport([
        measuredHost(clock, 'db0.example.com', { CONNECTIONS: 150 }),
        measuredHost(clock, 'db1.example.com', { CONNECTIONS: 300 }),
      ]),
    );
    const before = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(before.map((alert) => alert.status)).toEqual(['OPEN', 'OPEN']);
    await deliver(t.app);

    clock.advance(MINUTE);
    await put(d, configId, body(200));

    const after = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    const byHost = new Map(after.map((alert) => [alert.hostnameAndPort, alert]));
    const idOf = (host: string) => before.find((alert) => alert.hostnameAndPort === host)?.id;
    expect(byHost.get('db0.example.com:27017')).toMatchObject({
      id: idOf('db0.example.com:27017'),
      status: 'CLOSED',
      resolved: isoSeconds(clock.now()),
    });
    expect(byHost.get('db1.example.com:27017')).toMatchObject({
      id: idOf('db1.example.com:27017'),
      status: 'OPEN',
    });
    await deliver(t.app);
    expect(heard('/threshold').slice(2)).toEqual(['alert.close db0.example.com:27017']);
  });

  it('should cancel only the alerts of hosts the new matchers leave out', async () => {
    const d = await deployment(t);
    const body = (matchers: unknown[]) => ({
      eventTypeName: 'HOST_DOWN',
      matchers,
      notifications: [webhook(receiver, '/matchers')],
    });
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, body([]));
    const hosts = (up: boolean) =>
      monitoringReport([
        hostReport({ hostname: 'primary.example.com', up }),
        hostReport({ hostname: 'secondary.example.com', typeName: 'REPLICA_SECONDARY', up }),
      ]);
    await report(t, d, hosts(true));
    clock.advance(MINUTE);
    await report(t, d, hosts(false));
    const before = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(before.map((alert) => alert.status)).toEqual(['OPEN', 'OPEN']);
    await deliver(t.app);

    await put(d, configId, body([{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' }]));

    const after = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(after.map((alert) => `${alert.hostnameAndPort} ${alert.status}`).sort()).toEqual([
      'primary.example.com:27017 CANCELLED',
      'secondary.example.com:27017 OPEN',
    ]);
    const secondary = before.find((alert) => alert.hostnameAndPort === 'secondary.example.com:27017');
    expect(after.find((alert) => alert.status === 'OPEN')?.id).toBe(secondary?.id);
    await deliver(t.app);
    expect(heard('/matchers').slice(2)).toEqual(['alert.cancel primary.example.com:27017']);
  });

  it('should cancel the alerts of another type and raise those of the new type that hold', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/retyped')],
    });
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 10 })]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ hostname: 'db0.example.com', up: false })]));
    const [down] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);

    clock.advance(MINUTE);
    await put(d, configId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: { ...connectionsAbove(5) },
      notifications: [webhook(receiver, '/retyped')],
    });

    const after = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(after.map((alert) => `${alert.eventTypeName} ${alert.status}`)).toEqual([
      'OUTSIDE_METRIC_THRESHOLD OPEN',
      'HOST_DOWN CANCELLED',
    ]);
    expect(after[1].id).toBe(down.id);
    expect(after[0].currentValue).toEqual({ number: 10, units: 'RAW' });
  });
});

describe('PATCH /groups/{groupId}/alertConfigs/{alertConfigId} (disable, then enable while the condition holds)', () => {
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

  const toggle = async (d: Deployment, configId: string, enabled: boolean) => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${d.groupId}/alertConfigs/${configId}`, {
      auth: d.monitoringAdmin,
      body: { enabled },
    });
    expect(response.status).toBe(200);
  };

  it('should cancel the alert when disabled and raise it once again when enabled while the host is still down', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/toggle')],
    });
    await report(t, d, monitoringReport([hostReport()]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    const [first] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    await deliver(t.app);

    await toggle(d, configId, false);
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId))[0]).toMatchObject({
      id: first.id,
      status: 'CANCELLED',
    });
    clock.advance(MINUTE);
    await toggle(d, configId, true);
    await toggle(d, configId, true);
    await report(t, d, monitoringReport([hostReport({ up: false })]));

    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => alert.status)).toEqual(['OPEN', 'CANCELLED']);
    expect(alerts[0]).toMatchObject({ hostnameAndPort: 'db0.example.com:27017' });
    await deliver(t.app);
    const events = receiver.requests
      .filter((request) => request.path === '/toggle')
      .map((request) => `${request.headers['x-mms-event'] as string} ${request.json().id}`);
    // One alert's messages keep their order; two alerts' messages may go out in parallel slots.
    expect(events.filter((event) => event.endsWith(first.id))).toEqual([
      `alert.open ${first.id}`,
      `alert.cancel ${first.id}`,
    ]);
    expect(events.filter((event) => !event.endsWith(first.id))).toEqual([`alert.open ${alerts[0].id}`]);
  });
});
