import type { INestApplication } from '@nestjs/common';
import { SystemClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  startInstance,
  workerOf,
} from './deliveries.fixture';

// A storm: one agent report marks many hosts down at once, so many deliveries of one project are due
// together. The worker claims, sends and records them in batches; each must still reach the receiver
// exactly once with its own alert's document, and be logged once with its one attempt.
const HOSTS = 300;
const REPLICA_SETS = 10;

describe('POST /agents/v1/groups/{groupId}/reports (a storm of deliveries)', () => {
  let t: TestApp;
  let receiver: HttpReceiver;
  const extra: INestApplication[] = [];
  const env = (r: HttpReceiver) => ({ ...deliveriesEnv(r), MAX_NEW_HOSTS_PER_REPORT: String(HOSTS) });

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp(env(receiver));
  });

  afterAll(async () => {
    for (const app of extra) await app.close();
    await t.close();
    await receiver.close();
  });

  const hostnames = (prefix: string) => Array.from({ length: HOSTS }, (_, i) => `${prefix}${i}.example.com`);
  const hostsReport = (names: string[], up: boolean) =>
    monitoringReport(
      names.map((hostname, i) => hostReport({ hostname, replicaSetName: `rs${i % REPLICA_SETS}`, up })),
    );

  // A project whose HOST_DOWN configuration posts to `path`, its hosts reported up, then all down in one
  // report; answers the project and its hosts.
  const storm = async (path: string): Promise<{ d: Deployment; names: string[] }> => {
    const d = await deployment(t);
    await createAlertConfig(t, d.monitoringAdmin, d.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url(path), delayMin: 0, intervalMin: 60 },
    ]);
    const names = hostnames(path.slice(1));
    await report(t, d, hostsReport(names, true));
    await report(t, d, hostsReport(names, false));
    return { d, names };
  };
  const at = (path: string): ReceivedRequest[] => receiver.requests.filter((r) => r.path === path);
  const openAlerts = async (d: Deployment) => {
    const response = await call<{ results: Array<{ id: string; hostnameAndPort: string }> }>(
      'GET',
      `${t.apiUrl}/groups/${d.groupId}/alerts?status=OPEN&itemsPerPage=500`,
      { auth: d.readOnly },
    );
    return response.body.results;
  };

  it('should deliver every alert of the storm exactly once with its own document when one instance sends them', async () => {
    const { d, names } = await storm('/storm-one');

    const attempts = await workerOf(t.app).runDue();

    expect(attempts).toBe(HOSTS);
    const requests = at('/storm-one');
    const alerts = await openAlerts(d);
    expect(alerts).toHaveLength(HOSTS);
    const alertOf = new Map(alerts.map((alert) => [alert.id, alert]));
    // Each request is one alert's own document: its id, its host, its replica set.
    expect(requests.map((r) => r.json().id).sort()).toEqual([...alertOf.keys()].sort());
    expect(new Set(requests.map((r) => r.headers['x-mms-event']))).toEqual(new Set(['alert.open']));
    for (const request of requests) {
      const body = request.json();
      const index = names.indexOf(String(body.hostnameAndPort).replace(/:27017$/, ''));
      expect([body.eventTypeName, body.status, body.groupId, body.replicaSetName]).toEqual([
        'HOST_DOWN',
        'OPEN',
        d.groupId,
        `rs${index % REPLICA_SETS}`,
      ]);
      expect(alertOf.get(body.id)?.hostnameAndPort).toBe(body.hostnameAndPort);
    }
    const logged = await deliveriesOf(t, d.readOnly, d.groupId);
    expect(logged.map((row) => row.alertId).sort()).toEqual([...alertOf.keys()].sort());
    expect(new Set(logged.map((row) => `${row.status} ${row.attemptCount} ${row.attempts.length}`))).toEqual(
      new Set(['SUCCEEDED 1 1']),
    );
    expect(new Set(logged.map((row) => row.attempts[0].statusCode))).toEqual(new Set([200]));
    // The audit trail names each delivery once.
    const sent = await projectEvents(t, d.readOnly, d.groupId, 'ALERT_NOTIFICATION_SENT');
    expect(sent.map((event) => event.raw?.deliveryId).sort()).toEqual(logged.map((row) => row.id).sort());
  });

  it('should deliver every alert of the storm exactly once when two instances send at the same time', async () => {
    const second = await startInstance(t, new SystemClock(), env(receiver));
    extra.push(second);
    receiver.respondByDefault({ status: 200, body: { ok: true }, delayMs: 5 });
    const { d } = await storm('/storm-two');

    const [a, b] = await Promise.all([workerOf(t.app).runDue(), workerOf(second).runDue()]);

    expect(a + b).toBe(HOSTS);
    const alerts = await openAlerts(d);
    expect(
      at('/storm-two')
        .map((r) => r.json().id)
        .sort(),
    ).toEqual(alerts.map((alert) => alert.id).sort());
    const logged = await deliveriesOf(t, d.readOnly, d.groupId);
    expect(logged).toHaveLength(HOSTS);
    expect(new Set(logged.map((row) => `${row.status} ${row.attempts.length}`))).toEqual(
      new Set(['SUCCEEDED 1']),
    );
  });

  it('should count only the attempts it made when the receiver starts failing in the middle of its batches', async () => {
    // The first answers succeed, so the receiver's rows go out in batches; then every call is refused with
    // a retry an hour away: each batch stops at its first refusal and gives its unsent rows back.
    const accepted = 40;
    receiver.reset();
    receiver.respondWith(...Array.from({ length: accepted }, () => ({ status: 200 })));
    receiver.respondByDefault({ status: 503, headers: { 'Retry-After': '3600' } });
    const { d } = await storm('/storm-failing');

    const attempts = await workerOf(t.app).runDue();

    expect(attempts).toBe(HOSTS);
    expect(at('/storm-failing')).toHaveLength(HOSTS);
    const logged = await deliveriesOf(t, d.readOnly, d.groupId);
    const shapes = logged.map((row) => `${row.status} ${row.attemptCount} ${row.attempts.length}`);
    expect(shapes.filter((shape) => shape === 'SUCCEEDED 1 1')).toHaveLength(accepted);
    expect(shapes.filter((shape) => shape === 'PENDING 1 1')).toHaveLength(HOSTS - accepted);
    expect(new Set(logged.map((row) => row.attempts[0].statusCode))).toEqual(new Set([200, 503]));
  });
});
