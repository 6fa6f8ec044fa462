import { randomBytes } from 'node:crypto';
import { call } from '../support/digest-client';
import { createTestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { authorization, challengesOf, parseChallenge, rawRequest } from '../support/raw-digest';
import { HttpReceiver } from '../support/receivers/http-receiver';
import {
  connectionsConfig,
  countBy,
  createAlertConfig,
  deliveryRows,
  OutcomeLog,
  postReport,
  recordedAttempts,
  serviceEnv,
  ServiceUnderTest,
  setUpProject,
  withClient,
  type Project,
  type Sample,
} from './support/service-under-load';
import { sleep } from '../support/time';

const HOSTS = 6;
const LOAD_MS = 4000;
const LOAD_CAP_MS = 12_000;
const AT_LEAST_EACH = 8;
const ABOVE = 150;
const BELOW = 50;

const automationConfig = (processName: string): Record<string, unknown> => ({
  options: { downloadBase: '/var/lib/mongodb-mms-automation' },
  mongoDbVersions: [{ name: '7.0.2' }],
  processes: [{ name: processName, hostname: 'example.net', processType: 'mongod', version: '7.0.2' }],
  replicaSets: [],
  sharding: [],
});

interface AlertRow {
  id: string;
  status: string;
  hostname_and_port: string;
  created: Date;
  resolved: Date | null;
  updated: Date;
}

// Faults: two service processes on one database under one load. The same hosts are reported
// to both at once, both acknowledge, replace configurations, publish automation configurations and run
// the delivery worker. What one database serializes must come out once: alerts, deliveries, goal
// versions. In-process checks of parts of this: test/e2e/deliveries/delivery-queue.instances.e2e-spec.ts
// (two delivery workers over one queue), test/e2e/automation/automation-config-replace.e2e-spec.ts
// (concurrent replaces on one instance), test/e2e/auth/digest.e2e-spec.ts (a nonce across two app
// instances in one process); here they are separate processes under a concurrent load.
describe('two service processes on one database under a write load', () => {
  let database: { url: string; drop: () => Promise<void> };
  let receiver: HttpReceiver;
  const instances: ServiceUnderTest[] = [];

  // Started one after the other and kept as soon as each is up, so afterAll stops whatever did start.
  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await HttpReceiver.start();
    for (let i = 0; i < 2; i++)
      instances.push(
        await ServiceUnderTest.start(
          serviceEnv(database.url, { OUTBOUND_TIMEOUT_MS: '10000', DELIVERY_LEASE_MS: '25000' }),
        ),
      );
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await receiver?.close();
    await database?.drop();
  });

  it('should open one alert per host at a time, deliver each notification once, number goal versions uniquely and share nonces', async () => {
    const [a, b] = instances;
    const project: Project = await setUpProject(a.apiUrl);
    const alertingConfig = await createAlertConfig(
      a.apiUrl,
      project,
      connectionsConfig(100, receiver.url('/hook')),
    );
    const replacedConfig = await createAlertConfig(
      a.apiUrl,
      project,
      connectionsConfig(1_000_000_000, receiver.url('/quiet')),
    );
    const hostnames = Array.from({ length: HOSTS }, (_, i) => `db${i}.example.com`);
    const base = Date.now() - 5 * 60_000;
    let sequence = 0;
    const nextTimestamp = (): string => new Date(base + sequence++).toISOString();

    const reports = new OutcomeLog<Sample[]>();
    const acks = new OutcomeLog<string>();
    const replaces = new OutcomeLog<number>();
    const publishes = new OutcomeLog<{ instance: number; version?: number }>();
    let stopped = false;

    // Two reporters per instance over the same hosts: reports of one host race on both processes.
    const reporter = async (instance: ServiceUnderTest, offset: number): Promise<void> => {
      for (let round = 0; !stopped; round++) {
        const samples = hostnames.map((hostname, i) => ({
          hostname,
          value: (round + i + offset) % 2 === 0 ? ABOVE : BELOW,
          timestamp: nextTimestamp(),
        }));
        await reports.record(samples, () => postReport(instance.baseUrl, project, samples));
      }
    };
    const acker = async (instance: ServiceUnderTest): Promise<void> => {
      for (let n = 0; !stopped; n++) {
        const listed = await call<{ results: Array<{ id: string }> }>(
          'GET',
          `${instance.apiUrl}/groups/${project.groupId}/alerts?status=OPEN&itemsPerPage=100`,
          { auth: project.auth },
        );
        const open = listed.body.results ?? [];
        if (open.length === 0) {
          await sleep(50);
          continue;
        }
        const alertId = open[Math.floor(Math.random() * open.length)].id;
        await acks.record(alertId, () =>
          call('PATCH', `${instance.apiUrl}/groups/${project.groupId}/alerts/${alertId}`, {
            auth: project.auth,
            body: {
              acknowledgedUntil: new Date(Date.now() + 86_400_000).toISOString(),
              acknowledgementComment: `ack ${n}`,
            },
          }),
        );
      }
    };
    let threshold = 1_000_000_000;
    const replacer = async (): Promise<void> => {
      for (let n = 0; !stopped; n++) {
        const instance = instances[n % 2];
        const value = ++threshold;
        await replaces.record(value, () =>
          call('PUT', `${instance.apiUrl}/groups/${project.groupId}/alertConfigs/${replacedConfig}`, {
            auth: project.auth,
            body: connectionsConfig(value, receiver.url('/quiet')),
          }),
        );
      }
    };
    const publisher = async (index: number): Promise<void> => {
      const instance = instances[index];
      for (let n = 0; !stopped; n++) {
        const what: { instance: number; version?: number } = { instance: index };
        await publishes.record(what, async () => {
          const answer = await call<{ version: number }>(
            'PUT',
            `${instance.apiUrl}/groups/${project.groupId}/automationConfig`,
            {
              auth: project.auth,
              body: automationConfig(`p${index}-${n}`),
            },
          );
          what.version = answer.body.version;
          return answer;
        });
      }
    };

    const load = Promise.all([
      reporter(a, 0),
      reporter(b, 0),
      reporter(a, 1),
      reporter(b, 1),
      acker(a),
      acker(b),
      replacer(),
      publisher(0),
      publisher(1),
    ]);
    await sleep(LOAD_MS);
    await eventually(
      'a few changes of each kind',
      () =>
        [reports, acks, replaces, publishes].every((log) => log.succeeded.length >= AT_LEAST_EACH)
          ? true
          : undefined,
      LOAD_CAP_MS - LOAD_MS,
    ).catch(() => undefined);
    stopped = true;
    await load;

    const all: Array<OutcomeLog<unknown>> = [reports, acks, replaces, publishes];
    // No faults here: every request is answered, none with a 5xx; the only refusals are acknowledgements of
    // an alert that closed between the list and the PATCH.
    expect(
      all.flatMap((log) => log.outcomes).filter((o) => o.status === undefined || o.status >= 500),
    ).toEqual([]);
    expect(acks.refused.filter((o) => o.status !== 400)).toEqual([]);
    expect([reports, replaces, publishes].flatMap((log: OutcomeLog<unknown>) => log.refused)).toEqual([]);

    await withClient(database.url, async (db) => {
      // Alerts: never two active at once for one configuration and host, over the whole history.
      const alerts = (
        await db.query<AlertRow>(
          `SELECT id, status, hostname_and_port, created, resolved, updated FROM alerts
           WHERE alert_config_id = $1 ORDER BY hostname_and_port, created, id`,
          [alertingConfig],
        )
      ).rows;
      const active = countBy(
        alerts.filter((alert) => alert.status === 'OPEN' || alert.status === 'TRACKING'),
        (alert) => alert.hostname_and_port,
      );
      expect([...active.values()].filter((count) => count > 1)).toEqual([]);
      const byHost = new Map<string, AlertRow[]>();
      for (const alert of alerts)
        byHost.set(alert.hostname_and_port, [...(byHost.get(alert.hostname_and_port) ?? []), alert]);
      for (const [host, ofHost] of byHost) {
        for (let i = 1; i < ofHost.length; i++) {
          const before = ofHost[i - 1];
          const ended = before.resolved ?? (before.status === 'CANCELLED' ? before.updated : null);
          expect([host, before.id, ended !== null && ended.getTime() <= ofHost[i].created.getTime()]).toEqual(
            [host, before.id, true],
          );
        }
      }

      // Deliveries: both workers drain one queue; the receiver got exactly the recorded calls, none else.
      const rows = await eventually(
        'both instances to drain the delivery queue',
        async () => {
          const current = await deliveryRows(db);
          return current.every((row) => row.status === 'SUCCEEDED') ? current : undefined;
        },
        30_000,
      );
      const retried = rows.filter((row) => row.attempt_count !== 1).length;
      const calls = receiver.requests.filter((request) => request.path === '/hook');
      const received = countBy(
        calls,
        (request) => `${request.json().id as string}|${String(request.headers['x-mms-event'])}`,
      );
      const queued = countBy(rows, (row) => `${row.alert_id}|${row.event_kind}`);
      expect(Object.fromEntries(received)).toEqual(Object.fromEntries(await recordedAttempts(db)));
      expect([...queued.keys()].sort()).toEqual([...received.keys()].sort());
      const opens = countBy(
        rows.filter((row) => row.event_kind === 'alert.open'),
        (row) => row.alert_id,
      );
      expect(
        alerts.filter((alert) => alert.status !== 'TRACKING').map((alert) => opens.get(alert.id) ?? 0),
      ).toEqual(alerts.filter((alert) => alert.status !== 'TRACKING').map(() => 1));

      // Goal versions: every accepted publication got its own version, each publisher saw them rise, and the
      // events carry exactly those versions.
      const versions = publishes.succeeded.map((p) => p.version as number);
      expect(new Set(versions).size).toBe(versions.length);
      for (const index of [0, 1]) {
        const mine = publishes.succeeded.filter((p) => p.instance === index).map((p) => p.version as number);
        expect(mine).toEqual([...mine].sort((x, y) => x - y));
      }
      const published = (
        await db.query<{ version: number }>(
          `SELECT (raw->>'goalVersion')::int AS version FROM events
           WHERE group_id = $1 AND event_type_name = 'AUTOMATION_CONFIG_PUBLISHED_AUDIT' ORDER BY 1`,
          [project.groupId],
        )
      ).rows.map((row) => row.version);
      expect(published).toEqual([...versions].sort((x, y) => x - y));
      expect(published).toEqual(Array.from({ length: published.length }, (_, i) => i + 1));

      // Alert configuration replaces on both instances: one audit event each.
      const changed = await db.query<{ count: string }>(
        `SELECT count(*) FROM events WHERE event_type_name = 'ALERT_CONFIG_CHANGED_AUDIT' AND alert_config_id = $1`,
        [replacedConfig],
      );
      expect(Number(changed.rows[0].count)).toBe(replaces.succeeded.length);

      // A nonce issued by A is accepted by B with nc=1 (hand-built header: urllib would always start over),
      // and the same (nonce, nc) replayed on A is refused: the nonce counts live in the shared database.
      const path = `/api/public/v1.0/groups/${project.groupId}`;
      const challenge = parseChallenge(
        challengesOf((await rawRequest('GET', `${a.baseUrl}${path}`)).headers)[0],
      );
      const header = authorization({
        username: project.auth.publicKey,
        password: project.auth.privateKey,
        method: 'GET',
        uri: path,
        nonce: challenge.nonce,
        nc: 1,
        cnonce: randomBytes(8).toString('hex'),
      });
      const onB = await rawRequest('GET', `${b.baseUrl}${path}`, { authorization: header });
      expect(onB.status).toBe(200);
      expect((await rawRequest('GET', `${a.baseUrl}${path}`, { authorization: header })).status).toBe(401);

      process.stdout.write(
        `two instances: ${all.reduce((sum, log) => sum + log.outcomes.length, 0)} requests (reports ` +
          `${reports.outcomes.length}, acks ${acks.outcomes.length} of which ${acks.refused.length} on closed alerts, ` +
          `config replaces ${replaces.outcomes.length}, automation publishes ${publishes.outcomes.length}); ` +
          `${alerts.length} alerts over ${byHost.size} hosts, none overlapping; ${rows.length} deliveries, ` +
          `${calls.length} received (${retried} retried), none unrecorded; goal versions 1..${published.length} unique; nonce from A accepted by B\n`,
      );
    });
  }, 120_000);
});
