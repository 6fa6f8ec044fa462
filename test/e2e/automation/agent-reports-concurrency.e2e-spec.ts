import { Client } from 'pg';
import { ManualClock } from '../../../src/platform/clock/clock';
import type { ApiResponse } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import { projectEvents } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  alertsOfConfig,
  connectionsAbove,
  createConfig,
  measuredHost,
  startEngineApp,
  webhook,
} from '../alerting/engine.fixture';
import { deployment, getJson, monitoringReport, postReport, type Deployment } from './automation.fixture';
import { sessionsWaitingOnLocks } from '../../support/lock-waiters';

// Reports of different agents of one project run at the same time; two reports naming the same agent or
// host run one after the other. Parallelism is shown with a lock held open by the test's own connection
// (a report waits on it while another completes), never with durations.
const PER_PROJECT = 6;

describe('POST /agents/v1/groups/{groupId}/reports, several at once', () => {
  const clock = new ManualClock(new Date('2024-06-01T12:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;
  let db: Client;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver, { MAX_HOSTS_PER_PROJECT: String(PER_PROJECT) });
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await t.close();
    await receiver.close();
  });

  // Takes, in its own transaction, an advisory lock the service takes under the same key (or a host's
  // row lock); COMMIT releases it.
  const hold = async (key: string): Promise<void> => {
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  };
  const holdHost = async (groupId: string, hostname: string): Promise<void> => {
    await db.query('BEGIN');
    await db.query('SELECT id FROM hosts WHERE group_id = $1 AND hostname = $2 FOR UPDATE', [
      groupId,
      hostname,
    ]);
  };
  const release = () => db.query('COMMIT');
  const waitingOnLocks = () => sessionsWaitingOnLocks(db);
  const untilWaiting = (count: number) =>
    eventually(`${count} report(s) waiting on a lock`, async () =>
      (await waitingOnLocks()) === count ? true : undefined,
    );

  const connections = (hostname: string, value: number, overrides: Record<string, unknown> = {}) =>
    measuredHost(clock, hostname, { CONNECTIONS: value }, overrides);
  const agentReport = (agent: string, hosts: Array<Record<string, unknown>>) =>
    monitoringReport(hosts, { hostname: `${agent}.example.com` });
  const post = (d: Deployment, body: unknown) => postReport(t, d.groupId, d.agentKey.key, body);
  const accepted = (response: ApiResponse) => expect(response).toMatchObject({ status: 202 });
  const subjects = async (d: Deployment, eventType: string) =>
    (await projectEvents(t, d.readOnly, d.groupId, eventType))
      .map((event) => `${String(event.hostname)}:${Number(event.port)}`)
      .sort();

  it('should complete a report of another agent while one report waits on its host', async () => {
    const d = await deployment(t);
    const config = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, `/metric/${d.groupId}`)],
    });
    const reportA = agentReport('agent-a', [
      connections('a0.example.com', 500),
      connections('a1.example.com', 500),
    ]);
    accepted(await post(d, reportA));
    clock.advance(1000);
    await holdHost(d.groupId, 'a0.example.com');
    let settled = false;
    const first = post(d, reportA).finally(() => {
      settled = true;
    });
    try {
      await untilWaiting(1);
      // The project's lock would hold this one behind the first: it goes through (creating its hosts) while
      // the first waits.
      accepted(
        await post(
          d,
          agentReport('agent-b', [connections('b0.example.com', 500), connections('b1.example.com', 50)]),
        ),
      );
      expect(settled).toBe(false);
      expect(await waitingOnLocks()).toBe(1);
    } finally {
      await release();
    }
    accepted(await first);

    expect(await subjects(d, 'NEW_HOST')).toEqual([
      'a0.example.com:27017',
      'a1.example.com:27017',
      'b0.example.com:27017',
      'b1.example.com:27017',
    ]);
    const agents = (await projectEvents(t, d.readOnly, d.groupId, 'NEW_AGENT')).map(
      (event) => event.hostname,
    );
    expect(agents.sort()).toEqual(['agent-a.example.com', 'agent-b.example.com']);
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, config);
    expect(alerts.map((alert) => `${alert.hostnameAndPort} ${alert.status}`).sort()).toEqual([
      'a0.example.com:27017 OPEN',
      'a1.example.com:27017 OPEN',
      'b0.example.com:27017 OPEN',
    ]);
  });

  it('should derive each event and alert once when two agents report the same hosts at once', async () => {
    const d = await deployment(t);
    const config = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, `/overlap/${d.groupId}`)],
    });
    const names = Array.from({ length: 6 }, (_, i) => `s${i}.example.com`);
    const hosts = (up: boolean) => names.map((name) => connections(name, 500, { up }));
    // The same hosts in opposite orders, by two agents, then by both again with every host down: the
    // locks are taken in one order whatever the report's, so neither waits for the other both ways.
    for (const up of [true, true, false, false]) {
      clock.advance(1000);
      const list = hosts(up);
      const responses = await Promise.all([
        post(d, agentReport('agent-a', list)),
        post(d, agentReport('agent-b', [...list].reverse())),
        post(d, agentReport('agent-c', list.slice(0, 3))),
      ]);
      responses.forEach(accepted);
    }

    const all = names.map((name) => `${name}:27017`).sort();
    expect(await subjects(d, 'NEW_HOST')).toEqual(all);
    expect(await subjects(d, 'HOST_DOWN')).toEqual(all);
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`)).body.totalCount).toBe(names.length);
    expect(await projectEvents(t, d.readOnly, d.groupId, 'NEW_AGENT')).toHaveLength(3);
    // Opened once per host by whichever report came first; a down host's metric alert stays as it was.
    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, config);
    expect(alerts.map((alert) => String(alert.hostnameAndPort)).sort()).toEqual(all);
  });

  it('should evaluate a replica set with both of two concurrent changes in view', async () => {
    const d = await deployment(t);
    const noPrimary = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'NO_PRIMARY',
      notifications: [webhook(receiver, `/rs/${d.groupId}`)],
    });
    const member = (hostname: string, up: boolean) =>
      connections(hostname, 1, { typeName: 'REPLICA_PRIMARY', replicaSetName: 'rs0', up });
    accepted(await post(d, agentReport('agent-a', [member('m0.example.com', true)])));
    accepted(await post(d, agentReport('agent-b', [member('m1.example.com', true)])));
    expect(await alertsOfConfig(t, d.readOnly, d.groupId, noPrimary)).toEqual([]);

    // Each change alone leaves a primary; both together leave none. Both reports write their member and
    // then wait for the set's evaluation, each reading the set once the other's change is either
    // committed or not begun.
    clock.advance(1000);
    await hold(`alerting:deployment-conditions:${d.groupId}`);
    let pending: Array<Promise<ApiResponse>> = [];
    try {
      pending = [
        post(d, agentReport('agent-a', [member('m0.example.com', false)])),
        post(d, agentReport('agent-b', [member('m1.example.com', false)])),
      ];
      await untilWaiting(2);
    } finally {
      await release();
    }
    (await Promise.all(pending)).forEach(accepted);

    const alerts = await alertsOfConfig(t, d.readOnly, d.groupId, noPrimary);
    expect(alerts).toEqual([expect.objectContaining({ status: 'OPEN', replicaSetName: 'rs0' })]);
  });

  it('should keep the project host cap when two reports add hosts at once', async () => {
    const d = await deployment(t);
    const pair = (prefix: string) => [
      connections(`${prefix}0.example.com`, 1),
      connections(`${prefix}1.example.com`, 1),
    ];
    accepted(await post(d, agentReport('agent-a', [...pair('g'), ...pair('h')])));
    await hold(`automation:host-growth:${d.groupId}`);
    let pending: Array<Promise<ApiResponse>> = [];
    try {
      pending = [post(d, agentReport('agent-b', pair('i'))), post(d, agentReport('agent-c', pair('j')))];
      // Both wait to count the project's hosts: neither counts before the other's hosts are committed.
      await untilWaiting(2);
    } finally {
      await release();
    }
    const statuses = (await Promise.all(pending)).map((response) => response.status).sort();
    expect(statuses).toEqual([202, 409]);
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`)).body.totalCount).toBe(PER_PROJECT);
  });
});
