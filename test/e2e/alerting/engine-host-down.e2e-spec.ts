import { ManualClock } from '../../../src/platform/clock/clock';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { deployment, hostReport, monitoringReport, report } from '../automation/automation.fixture';
import {
  alertsOfConfig,
  createConfig,
  deliver,
  DOWN_AFTER_S,
  engineOf,
  livenessOf,
  startEngineApp,
  webhook,
} from './engine.fixture';
import { MINUTE, isoSeconds } from '../../support/time';

// Event-based alerts: raised from the automation context's HOST_DOWN / *_AGENT_DOWN events (a host or an
// agent silent for AGENT_DOWN_AFTER_SECONDS) and resolved by the opposite event on the next report.
describe('POST /agents/v1/groups/{groupId}/reports (host and agent down alerts)', () => {
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
  const silence = async () => {
    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await livenessOf(t.app).sweep();
  };

  it('should open a HOST_DOWN alert when the host falls silent and close it when it is reported up', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/host-down')],
    });
    await report(t, d, monitoringReport([hostReport()]));
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toEqual([]);

    // The agent goes on reporting, without the host: with no monitoring agent up, the project's default
    // MONITORING_AGENT_DOWN alert would inhibit the host's notifications.
    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await report(t, d, monitoringReport([]));
    await livenessOf(t.app).sweep();
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({
      eventTypeName: 'HOST_DOWN',
      status: 'OPEN',
      hostnameAndPort: 'db0.example.com:27017',
      replicaSetName: 'rs0',
      created: isoSeconds(clock.now()),
    });
    expect(opened.hostId).toMatch(/^[0-9a-f]{24}$/);
    await deliver(t.app);
    expect(hooks('/host-down').map((hook) => hook.headers['x-mms-event'])).toEqual(['alert.open']);

    await livenessOf(t.app).sweep();
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, configId)).toHaveLength(1);

    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport()]));
    const [closed] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(closed).toMatchObject({ id: opened.id, status: 'CLOSED', resolved: isoSeconds(clock.now()) });
    const up = await projectEvents(t, d.readOnly, d.groupId, 'HOST_UP');
    expect(up).toEqual(
      expect.arrayContaining([expect.objectContaining({ alertId: opened.id, alertConfigId: configId })]),
    );
    await deliver(t.app);
    expect(hooks('/host-down').map((hook) => hook.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.close',
    ]);
  });

  it('should open a HOST_DOWN alert when a report says the host is down', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/reported-down')],
    });
    await report(t, d, monitoringReport([hostReport()]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));

    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({ status: 'OPEN', hostnameAndPort: 'db0.example.com:27017' });
  });

  it('should not raise HOST_DOWN for a host the matchers exclude', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      matchers: [{ fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'SECONDARY' }],
      notifications: [webhook(receiver, '/secondaries')],
    });
    await report(
      t,
      d,
      monitoringReport([
        hostReport({ hostname: 'primary.example.com' }),
        hostReport({ hostname: 'secondary.example.com', typeName: 'REPLICA_SECONDARY' }),
      ]),
    );

    await silence();
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => alert.hostnameAndPort)).toEqual(['secondary.example.com:27017']);
  });

  it('should keep HOST_DOWN TRACKING during the delay and open it on the sweep', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/host-delay', 5)],
    });
    await report(t, d, monitoringReport([hostReport()]));
    await silence();
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId))[0].status).toBe('TRACKING');

    clock.advance(5 * MINUTE);
    await engineOf(t.app).runSweep();
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId))[0].status).toBe('OPEN');
  });

  it('should open an agent down alert on silence and close it on the next report of the agent', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'AUTOMATION_AGENT_DOWN',
      notifications: [webhook(receiver, '/agent-down')],
    });
    const agent = { agentType: 'AUTOMATION', hostname: 'auto0.example.com', version: '107.0.0.8465-1' };
    await report(t, d, agent);

    await silence();
    const [opened] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(opened).toMatchObject({ eventTypeName: 'AUTOMATION_AGENT_DOWN', status: 'OPEN' });

    clock.advance(MINUTE);
    await report(t, d, agent);
    const [closed] = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(closed).toMatchObject({ id: opened.id, status: 'CLOSED' });
    await deliver(t.app);
    expect(hooks('/agent-down').map((hook) => hook.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.close',
    ]);
  });

  it('should hold an alert close at a receiver until its open has gone through when the open must be retried', async () => {
    const d = await deployment(t);
    await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'AUTOMATION_AGENT_DOWN',
      notifications: [webhook(receiver, '/in-order')],
    });
    const agent = { agentType: 'AUTOMATION', hostname: 'auto1.example.com', version: '107.0.0.8465-1' };
    await report(t, d, agent);
    await silence();
    clock.advance(MINUTE);
    await report(t, d, agent);
    // The silence also took the earlier tests' agents down: their messages go out in the same runs.
    receiver.respondWith({ status: 503, path: '/in-order' });

    // Both messages are due; the open is refused once, so the close must wait for its retry.
    await deliver(t.app);
    expect(hooks('/in-order').map((hook) => hook.headers['x-mms-event'])).toEqual(['alert.open']);
    clock.advance(60 * MINUTE);
    await deliver(t.app);
    await deliver(t.app);
    expect(hooks('/in-order').map((hook) => hook.headers['x-mms-event'])).toEqual([
      'alert.open',
      'alert.open',
      'alert.close',
    ]);
  });

  it('should close the HOST_DOWN alerts of two configurations when one of two down hosts is reported up', async () => {
    const d = await deployment(t);
    const first = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/two-configs-a')],
    });
    const second = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/two-configs-b')],
    });
    const hosts = (up0: boolean, up1: boolean) =>
      monitoringReport([
        hostReport({ hostname: 'a.example.com', up: up0 }),
        hostReport({ hostname: 'b.example.com', typeName: 'REPLICA_SECONDARY', up: up1 }),
      ]);
    await report(t, d, hosts(true, true));
    clock.advance(MINUTE);
    await report(t, d, hosts(false, false));
    clock.advance(MINUTE);
    await report(t, d, hosts(false, true));

    for (const configId of [first, second]) {
      const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
      expect(alerts.map((alert) => [alert.hostnameAndPort, alert.status]).sort()).toEqual([
        ['a.example.com:27017', 'OPEN'],
        ['b.example.com:27017', 'CLOSED'],
      ]);
    }
  });
});
