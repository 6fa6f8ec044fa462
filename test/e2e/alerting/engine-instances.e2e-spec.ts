import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../../src/platform/clock/clock';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { deployment, hostReport, monitoringReport, postReport } from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
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

// Two instances of the service on one database, each with its own engine, fed at the same time.
describe('POST /agents/v1/groups/{groupId}/reports on two instances', () => {
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

  it('should open one alert when reports outside the threshold reach both instances at once', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/two-instances')],
    });
    const body = monitoringReport([
      measuredHost(clock, 'db0.example.com', { CONNECTIONS: 150 }),
      measuredHost(clock, 'db1.example.com', { CONNECTIONS: 150 }),
    ]);
    const instances = [t, { ...t, baseUrl: second.baseUrl }];

    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        postReport(instances[index % 2], d.groupId, d.agentKey.key, body),
      ),
    );

    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(202));
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => `${alert.hostnameAndPort} ${alert.status}`).sort()).toEqual([
      'db0.example.com:27017 OPEN',
      'db1.example.com:27017 OPEN',
    ]);
    const opened = await projectEvents(t, d.readOnly, d.groupId, 'OUTSIDE_METRIC_THRESHOLD');
    expect(opened.filter((event) => event.alertConfigId === configId)).toHaveLength(2);
  });

  it('should promote each TRACKING alert once when both instances sweep at once', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/two-sweeps', 5)],
    });
    const hosts = Array.from({ length: 5 }, (_, index) =>
      measuredHost(clock, `db${index}.example.com`, { CONNECTIONS: 150 }),
    );
    const response = await postReport(t, d.groupId, d.agentKey.key, monitoringReport(hosts));
    expect(response.status).toBe(202);

    clock.advance(5 * MINUTE);
    const promoted = await Promise.all([engineOf(t.app).runSweep(), engineOf(second.app).runSweep()]);

    expect(promoted[0] + promoted[1]).toBe(5);
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => alert.status)).toEqual(Array(5).fill('OPEN'));
    const opened = await projectEvents(t, d.readOnly, d.groupId, 'OUTSIDE_METRIC_THRESHOLD');
    expect(opened.filter((event) => event.alertConfigId === configId)).toHaveLength(5);
  });

  it('should open one HOST_DOWN alert when both instances run the liveness sweep at once', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'HOST_DOWN',
      notifications: [webhook(receiver, '/two-liveness')],
    });
    const response = await postReport(t, d.groupId, d.agentKey.key, monitoringReport([hostReport()]));
    expect(response.status).toBe(202);

    clock.advance((DOWN_AFTER_S + 1) * 1000);
    await Promise.all([livenessOf(t.app).sweep(), livenessOf(second.app).sweep()]);

    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => alert.status)).toEqual(['OPEN']);
  });
});
