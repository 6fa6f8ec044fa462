import { StaleMetricAlerts } from '../../../src/modules/alerting';
import { ManualClock } from '../../../src/platform/clock/clock';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { deployment, monitoringReport, report, type Deployment } from '../automation/automation.fixture';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  deliver,
  measuredHost,
  webhook,
} from '../alerting/engine.fixture';
import { deliveriesEnv, deliveriesOf } from './deliveries.fixture';
import { MINUTE } from '../../support/time';

const STALE_MIN = 30;

// An alert's ending reaches every receiver it was announced to, each in its own resolved form, chat and
// incident tools included; a metric alert whose host stops reporting is cancelled after
// ALERT_STALE_AFTER_MINUTES and that ending is announced the same way. Driven by agent reports.
describe('POST /agents/v1/groups/{groupId}/reports (resolved notices and stale metric alerts)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp(
      {
        ...deliveriesEnv(receiver),
        ALERT_ENGINE_SWEEP_MS: '0',
        ALERT_STALE_AFTER_MINUTES: String(STALE_MIN),
        SLACK_API_URL: receiver.url('/slack'),
        DATADOG_API_URL: receiver.url('/datadog'),
        SMS_GATEWAY_URL: receiver.url('/sms'),
        SMS_GATEWAY_TOKEN: 'sms-token',
      },
      clock,
    );
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const connections = (d: Deployment, hostname: string, value: number) =>
    report(t, d, monitoringReport([measuredHost(clock, hostname, { CONNECTIONS: value })]));
  const at = (prefix: string) => receiver.requests.filter((request) => request.path.startsWith(prefix));

  // What each receiver shows for the second (ending) message of one alert. Microsoft Teams is left out:
  // its notifications take only https URLs, which a local receiver does not serve.
  const ENDINGS: Array<[string, (request: ReceivedRequest) => unknown, unknown]> = [
    ['/slack', (r) => String(r.json().text).split(':')[0], 'Alert resolved'],
    ['/datadog', (r) => r.json().alert_type, 'success'],
    ['/pagerduty', (r) => r.json().event_action, 'resolve'],
    ['/opsgenie', (r) => r.path.split('?')[0].endsWith('/close'), true],
    ['/victorops', (r) => r.json().message_type, 'RECOVERY'],
    ['/hook', (r) => r.headers['x-mms-event'], 'alert.close'],
    ['/sms', (r) => r.text.includes('Alert resolved'), true],
  ];

  it('should send the resolved form to every receiver type that was notified of the opening', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [
        { typeName: 'SLACK', apiToken: 'xoxb-123', channelName: '#alerts', delayMin: 0, intervalMin: 60 },
        { typeName: 'DATADOG', datadogApiKey: 'dd-key-1234', delayMin: 0, intervalMin: 60 },
        { typeName: 'PAGER_DUTY', serviceKey: 'pd-key-1234', delayMin: 0, intervalMin: 60 },
        { typeName: 'OPS_GENIE', opsGenieApiKey: 'og-key-1234', delayMin: 0, intervalMin: 60 },
        { typeName: 'VICTOR_OPS', victorOpsApiKey: 'vo-key-1234', delayMin: 0, intervalMin: 60 },
        webhook(receiver, '/hook'),
        { typeName: 'SMS', mobileNumber: '+15555550100', delayMin: 0, intervalMin: 60 },
      ],
    });
    await connections(d, 'db0.example.com', 500);
    await deliver(t.app);
    for (const [prefix] of ENDINGS) expect([prefix, at(prefix).length]).toEqual([prefix, 1]);

    clock.advance(MINUTE);
    await connections(d, 'db0.example.com', 50);
    expect((await alertsOfConfig(t, d.readOnly, d.groupId, configId))[0].status).toBe('CLOSED');
    await deliver(t.app);
    for (const [prefix, shown, expected] of ENDINGS) {
      const requests = at(prefix);
      expect([prefix, requests.length]).toEqual([prefix, 2]);
      expect([prefix, shown(requests[1])]).toEqual([prefix, expected]);
    }
    const closes = (await deliveriesOf(t, d.readOnly, d.groupId)).filter(
      (row) => row.eventKind === 'alert.close',
    );
    expect(closes.map((row) => `${row.targetType} ${row.status}`).sort()).toEqual([
      'DATADOG SUCCEEDED',
      'OPS_GENIE SUCCEEDED',
      'PAGER_DUTY SUCCEEDED',
      'SLACK SUCCEEDED',
      'SMS SUCCEEDED',
      'VICTOR_OPS SUCCEEDED',
      'WEBHOOK SUCCEEDED',
    ]);
  });

  it('should cancel the metric alert of a host that stopped reporting after the staleness period, and say so', async () => {
    const d = await deployment(t);
    const configId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [
        webhook(receiver, '/stale-hook'),
        { typeName: 'SLACK', apiToken: 'xoxb-123', channelName: '#alerts', delayMin: 0, intervalMin: 60 },
        { typeName: 'PAGER_DUTY', serviceKey: 'pd-key-1234', delayMin: 0, intervalMin: 60 },
      ],
    });
    await report(
      t,
      d,
      monitoringReport([
        measuredHost(clock, 'silent.example.com', { CONNECTIONS: 500 }),
        measuredHost(clock, 'steady.example.com', { CONNECTIONS: 500 }),
      ]),
    );
    await deliver(t.app);
    expect(at('/stale-hook')).toHaveLength(2);
    const stale = t.app.get(StaleMetricAlerts);

    // steady.example.com keeps reporting; silent.example.com says nothing more.
    for (let minute = 1; minute < STALE_MIN; minute++) {
      clock.advance(MINUTE);
      await connections(d, 'steady.example.com', 500);
    }
    expect(await stale.runSweep()).toBe(0);

    clock.advance(MINUTE + 1000);
    await connections(d, 'steady.example.com', 500);
    expect(await stale.runSweep()).toBe(1);
    expect(await stale.runSweep()).toBe(0);
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, configId);
    expect(alerts.map((alert) => `${alert.status} ${alert.hostnameAndPort}`).sort()).toEqual([
      'CANCELLED silent.example.com:27017',
      'OPEN steady.example.com:27017',
    ]);

    await deliver(t.app);
    // Each receiver heard of both openings first.
    const endings = (prefix: string) => at(prefix).slice(2);
    expect(
      endings('/stale-hook').map((r) => `${String(r.headers['x-mms-event'])} ${r.json().hostnameAndPort}`),
    ).toEqual(['alert.cancel silent.example.com:27017']);
    expect(endings('/pagerduty').map((r) => r.json().event_action)).toEqual(['resolve']);
    expect(endings('/slack').map((r) => String(r.json().text).split(':')[0])).toEqual(['Alert cancelled']);

    // Cancelled: no re-notification once its interval comes round; the live one re-notifies.
    receiver.reset();
    clock.advance(60 * MINUTE);
    await connections(d, 'steady.example.com', 500);
    await deliver(t.app);
    expect(at('/stale-hook').map((r) => r.json().hostnameAndPort)).toEqual(['steady.example.com:27017']);
  });
});
