import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
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
  DOWN_AFTER_S,
  engineOf,
  livenessOf,
  measuredHost,
  startEngineApp,
  webhook,
  type AlertView,
} from './engine.fixture';
import { MINUTE } from '../../support/time';

interface DeliveryView {
  alertId: string;
  eventKind: string;
  status: string;
  targetType: string;
  suppressedBy?: string;
  suppressionReason?: string;
  attemptCount: number;
}

// Beyond the product, as Alertmanager's inhibition: while a host is down (HOST_DOWN open) or no monitoring
// agent watches it (MONITORING_AGENT_DOWN open, none up), its other alerts do not notify; each held-back
// notification is logged as a SUPPRESSED delivery, and sent once the host is back if the alert is still
// open. Driven by agent reports, delivered to a local receiver.
describe("POST /agents/v1/groups/{groupId}/reports (inhibition of a down host's alerts)", () => {
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

  const deliveriesOf = async (d: Deployment, query: string) => {
    const response = await call<{ results: DeliveryView[]; totalCount: number }>(
      'GET',
      `${t.apiUrl}/groups/${d.groupId}/deliveries?${query}`,
      { auth: d.readOnly },
    );
    expect(response.status).toBe(200);
    return response.body.results;
  };

  const onHost = (alerts: AlertView[], hostname: string) => {
    const alert = alerts.find((candidate) => candidate.hostnameAndPort === `${hostname}:27017`);
    if (alert === undefined) throw new Error(`no alert on ${hostname}`);
    return alert;
  };

  it('should notify only the host-down alert while the host is down, log the rest as suppressed, and send it once the host is back', async () => {
    const d = await deployment(t);
    const downConfig = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/down')],
    });
    const metricConfig = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/metric', 5)],
    });
    const busy = (hostname: string) => measuredHost(clock, hostname, { CONNECTIONS: 500 });

    // Both hosts overloaded: their metric alerts track for the notification's 5 minutes; then db0 dies.
    await report(t, d, monitoringReport([busy('db0.example.com'), busy('db1.example.com')]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false }), busy('db1.example.com')]));
    const [hostDown] = await alertsOfConfig(t, d.readOnly, d.groupId, downConfig);
    expect(hostDown).toMatchObject({ status: 'OPEN', hostnameAndPort: 'db0.example.com:27017' });
    await deliver(t.app);
    expect(heard('/down')).toEqual(['alert.open db0.example.com:27017']);

    clock.advance(5 * MINUTE);
    await engineOf(t.app).runSweep();
    const metricAlerts = await alertsOfConfig(t, d.readOnly, d.groupId, metricConfig);
    expect(metricAlerts.map((alert) => alert.status)).toEqual(['OPEN', 'OPEN']);
    const db0 = onHost(metricAlerts, 'db0.example.com');
    const db1 = onHost(metricAlerts, 'db1.example.com');
    await deliver(t.app);
    expect(heard('/metric')).toEqual(['alert.open db1.example.com:27017']);
    expect(await deliveriesOf(d, `alertId=${db1.id}`)).toEqual([
      expect.objectContaining({ eventKind: 'alert.open', status: 'SUCCEEDED' }),
    ]);
    const [suppressed] = await deliveriesOf(d, `alertId=${db0.id}`);
    expect(suppressed).toMatchObject({
      alertId: db0.id,
      eventKind: 'alert.open',
      targetType: 'WEBHOOK',
      status: 'SUPPRESSED',
      suppressedBy: hostDown.id,
      attemptCount: 0,
    });
    expect(suppressed.suppressionReason).toContain('db0.example.com:27017');
    expect(suppressed.suppressionReason).toContain(`HOST_DOWN alert ${hostDown.id}`);
    expect((await deliveriesOf(d, 'status=SUPPRESSED')).map((delivery) => delivery.alertId)).toEqual([
      db0.id,
    ]);
    const [db0Alert] = (await alertsOfConfig(t, d.readOnly, d.groupId, metricConfig)).filter(
      (alert) => alert.id === db0.id,
    );
    expect(db0Alert.lastNotified).toBeUndefined();

    // Held back sweep after sweep, logged once.
    clock.advance(MINUTE);
    await deliver(t.app);
    expect(heard('/metric')).toHaveLength(1);
    expect(await deliveriesOf(d, `alertId=${db0.id}`)).toHaveLength(1);

    // db0 is back and still overloaded: HOST_DOWN closes, and the held-back notification goes out.
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([busy('db0.example.com'), busy('db1.example.com')]));
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, downConfig))[0].status).toBe('CLOSED');
    await deliver(t.app);
    expect(heard('/down')).toEqual(['alert.open db0.example.com:27017', 'alert.close db0.example.com:27017']);
    expect(heard('/metric')).toEqual([
      'alert.open db1.example.com:27017',
      'alert.open db0.example.com:27017',
    ]);
    expect((await deliveriesOf(d, `alertId=${db0.id}`)).map((delivery) => delivery.status)).toEqual([
      'SUCCEEDED',
      'SUPPRESSED',
    ]);
  });

  it('should send no ending notice for an alert that was only suppressed', async () => {
    const d = await deployment(t);
    await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/down-quiet')],
    });
    const metricConfig = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/metric-quiet', 5)],
    });
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 500 })]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    clock.advance(5 * MINUTE);
    await engineOf(t.app).runSweep();
    await deliver(t.app);
    const [metric] = await alertsOfConfig(t, d.readOnly, d.groupId, metricConfig);
    expect((await deliveriesOf(d, `alertId=${metric.id}`)).map((delivery) => delivery.status)).toEqual([
      'SUPPRESSED',
    ]);

    // Back, and calm: both alerts close; the metric alert's receivers never heard of it.
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 50 })]));
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, metricConfig))[0].status).toBe('CLOSED');
    await deliver(t.app);
    expect(heard('/down-quiet')).toEqual([
      'alert.open db0.example.com:27017',
      'alert.close db0.example.com:27017',
    ]);
    expect(heard('/metric-quiet')).toEqual([]);
    expect(await deliveriesOf(d, `alertId=${metric.id}`)).toHaveLength(1);
  });

  describe('monitoring agent down', () => {
    const agentDownConfigs = async (d: Deployment, prefix: string) => ({
      agent: await createConfig(t, d.monitoringAdmin, d.groupId, {
        eventTypeName: 'MONITORING_AGENT_DOWN',
        notifications: [webhook(receiver, `${prefix}/agent`)],
      }),
      host: await createConfig(t, d.monitoringAdmin, d.groupId, {
        eventTypeName: 'HOST_DOWN',
        notifications: [webhook(receiver, `${prefix}/host`)],
      }),
    });
    const agentHeard = (path: string) =>
      receiver.requests
        .filter((request) => request.path === path)
        .map((request) => request.headers['x-mms-event']);

    it('should notify only the agent-down alert while no monitoring agent watches the hosts', async () => {
      const d = await deployment(t);
      const configs = await agentDownConfigs(d, '/lone');
      await report(t, d, monitoringReport([hostReport()]));

      // The agent falls silent, and so does every host only it reported.
      clock.advance((DOWN_AFTER_S + 1) * 1000);
      await livenessOf(t.app).sweep();
      const [agentDown] = await alertsOfConfig(t, d.readOnly, d.groupId, configs.agent);
      const [hostDown] = await alertsOfConfig(t, d.readOnly, d.groupId, configs.host);
      expect(agentDown.status).toBe('OPEN');
      expect(hostDown).toMatchObject({ status: 'OPEN', hostnameAndPort: 'db0.example.com:27017' });
      await deliver(t.app);
      expect(agentHeard('/lone/agent')).toEqual(['alert.open']);
      expect(agentHeard('/lone/host')).toEqual([]);
      // Every project has the default MONITORING_AGENT_DOWN configuration too: either alert inhibits.
      const agentAlerts = await call<{ results: AlertView[] }>(
        'GET',
        `${t.apiUrl}/groups/${d.groupId}/alerts?status=OPEN`,
        { auth: d.readOnly },
      );
      const agentDownIds = agentAlerts.body.results
        .filter((alert) => alert.eventTypeName === 'MONITORING_AGENT_DOWN')
        .map((alert) => alert.id);
      expect(agentDownIds).toContain(agentDown.id);
      const [suppressed] = await deliveriesOf(d, `alertId=${hostDown.id}`);
      expect(suppressed.status).toBe('SUPPRESSED');
      expect(agentDownIds).toContain(suppressed.suppressedBy);
      expect(suppressed.suppressionReason).toContain('MONITORING_AGENT_DOWN');
      expect(suppressed.suppressionReason).toContain('agent0.example.com');

      // The agent reports again, the host with it: both close, the host's receivers heard nothing.
      clock.advance(MINUTE);
      await report(t, d, monitoringReport([hostReport()]));
      await deliver(t.app);
      expect(agentHeard('/lone/agent')).toEqual(['alert.open', 'alert.close']);
      expect(agentHeard('/lone/host')).toEqual([]);
    });

    it('should not inhibit while another monitoring agent of the project is up', async () => {
      const d = await deployment(t);
      const configs = await agentDownConfigs(d, '/standby');
      const standby = { agentType: 'MONITORING', hostname: 'agent1.example.com', version: '107.0.0.8465-1' };
      await report(t, d, standby);
      await report(t, d, monitoringReport([hostReport()]));

      clock.advance((DOWN_AFTER_S + 1) * 1000);
      await report(t, d, standby);
      await livenessOf(t.app).sweep();
      const [agentDown] = await alertsOfConfig(t, d.readOnly, d.groupId, configs.agent);
      expect(agentDown).toMatchObject({ status: 'OPEN', humanReadable: expect.stringContaining('agent0') });
      expect((await alertsOfConfig(t, d.readOnly, d.groupId, configs.host))[0].status).toBe('OPEN');
      await deliver(t.app);
      expect(agentHeard('/standby/agent')).toEqual(['alert.open']);
      expect(agentHeard('/standby/host')).toEqual(['alert.open']);
    });
  });
});
