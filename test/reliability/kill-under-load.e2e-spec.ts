import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { call } from '../support/digest-client';
import { createTestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
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
  type DeliveryRow,
  type Project,
  type Sample,
} from './support/service-under-load';
import { sleep } from '../support/time';

const HOSTS = 8;
const REPORTERS = 2;
const ACKERS = 2;
const REPLACED_CONFIGS = 3;
// The load runs at least this long, and until each kind of change has been acknowledged a few times (the
// machine may be slow), but never longer than the cap.
const LOAD_BEFORE_KILL_MS = 3000;
const LOAD_CAP_MS = 12_000;
const AT_LEAST_EACH = 8;
const ABOVE = 150;
const BELOW = 50;
const QUIET_THRESHOLD = 1_000_000_000;

interface Report {
  samples: Sample[];
}
interface Ack {
  alertId: string;
  // The acknowledgement comment, unique per request; null for an unacknowledgement.
  token: string | null;
}
interface Replace {
  configId: string;
  threshold: number;
}

interface EventRow {
  id: string;
  event_type_name: string;
  alert_id: string | null;
  alert_config_id: string | null;
  created: Date;
  raw: { acknowledgementComment?: string } | null;
}

interface AlertRow {
  id: string;
  alert_config_id: string;
  status: string;
  hostname_and_port: string | null;
  acknowledged_until: Date | null;
  acknowledgement_comment: string | null;
}

// Faults: kill -9 of the service under a write load. Every change answered 2xx must be in the
// database with exactly its audit event, a change that was not made must have none, and after the restart
// every notification of the queue is delivered, none lost, none repeated beyond the calls cut by the kill.
describe('kill -9 of the service under a write load (agent reports, PATCH alerts, PUT alertConfigs)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let receiver: HttpReceiver;
  const services: ServiceUnderTest[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await HttpReceiver.start();
  });

  afterAll(async () => {
    for (const service of services) await service.kill();
    await receiver?.close();
    await database?.drop();
  });

  const start = async (): Promise<ServiceUnderTest> => {
    const service = await ServiceUnderTest.start(serviceEnv(database.url));
    services.push(service);
    return service;
  };

  it('should keep every acknowledged change with its event, no event without its change, and lose or repeat no notification', async () => {
    const first = await start();
    const project: Project = await setUpProject(first.apiUrl);
    const alertingConfig = await createAlertConfig(
      first.apiUrl,
      project,
      connectionsConfig(100, receiver.url('/hook')),
    );
    const replacedConfigs: string[] = [];
    for (let i = 0; i < REPLACED_CONFIGS; i++) {
      replacedConfigs.push(
        await createAlertConfig(
          first.apiUrl,
          project,
          connectionsConfig(QUIET_THRESHOLD, receiver.url('/quiet')),
        ),
      );
    }
    const hostnames = Array.from({ length: HOSTS }, (_, i) => `db${i}.example.com`);
    // Data points lie in the past (the service refuses future ones), one millisecond apart: unique per report.
    const base = Date.now() - 5 * 60_000;
    let sequence = 0;
    const nextTimestamp = (): string => new Date(base + sequence++).toISOString();

    const reports = new OutcomeLog<Report>();
    const acks = new OutcomeLog<Ack>();
    const replaces = new OutcomeLog<Replace>();
    const opening: Report = {
      samples: hostnames.map((hostname) => ({ hostname, value: ABOVE, timestamp: nextTimestamp() })),
    };
    const opened = await reports.record(opening, () => postReport(first.baseUrl, project, opening.samples));
    expect(opened.status).toBe(202);

    let stopped = false;
    const reporter = async (owned: string[]): Promise<void> => {
      for (let round = 1; !stopped; round++) {
        const report: Report = {
          samples: owned.map((hostname, i) => ({
            hostname,
            value: (round + i) % 2 === 0 ? ABOVE : BELOW,
            timestamp: nextTimestamp(),
          })),
        };
        await reports.record(report, () => postReport(first.baseUrl, project, report.samples));
      }
    };
    let knownAlerts: string[] = [];
    const acker = async (): Promise<void> => {
      for (let n = 0; !stopped; n++) {
        if (n % 5 === 0) {
          try {
            const listed = await call<{ results: Array<{ id: string }> }>(
              'GET',
              `${first.apiUrl}/groups/${project.groupId}/alerts?status=OPEN&itemsPerPage=100`,
              { auth: project.auth },
            );
            if (listed.status === 200 && listed.body.results.length > 0)
              knownAlerts = listed.body.results.map((alert) => alert.id);
          } catch {
            // The service is gone: the next change records the failure.
          }
        }
        const alertId = knownAlerts[Math.floor(Math.random() * knownAlerts.length)];
        const ack: Ack = {
          alertId,
          token: Math.random() < 0.6 ? `ack-${randomBytes(6).toString('hex')}` : null,
        };
        const body =
          ack.token === null
            ? {}
            : {
                acknowledgedUntil: new Date(Date.now() + 86_400_000).toISOString(),
                acknowledgementComment: ack.token,
              };
        await acks.record(ack, () =>
          call('PATCH', `${first.apiUrl}/groups/${project.groupId}/alerts/${alertId}`, {
            auth: project.auth,
            body,
          }),
        );
      }
    };
    const replacer = async (configId: string): Promise<void> => {
      for (let n = 1; !stopped; n++) {
        const replace: Replace = { configId, threshold: QUIET_THRESHOLD + n };
        await replaces.record(replace, () =>
          call('PUT', `${first.apiUrl}/groups/${project.groupId}/alertConfigs/${configId}`, {
            auth: project.auth,
            body: connectionsConfig(replace.threshold, receiver.url('/quiet')),
          }),
        );
      }
    };
    const perReporter = HOSTS / REPORTERS;
    const load = Promise.all([
      ...Array.from({ length: REPORTERS }, (_, r) =>
        reporter(hostnames.slice(r * perReporter, (r + 1) * perReporter)),
      ),
      ...Array.from({ length: ACKERS }, () => acker()),
      ...replacedConfigs.map((configId) => replacer(configId)),
    ]);

    const loadStarted = Date.now();
    await sleep(LOAD_BEFORE_KILL_MS);
    await eventually(
      'a few acknowledged changes of each kind',
      () =>
        [reports, acks, replaces].every((log) => log.succeeded.length >= AT_LEAST_EACH) ? true : undefined,
      LOAD_CAP_MS - LOAD_BEFORE_KILL_MS,
    ).catch(() => undefined);
    const loadMs = Date.now() - loadStarted;
    const exit = await first.kill();
    stopped = true;
    await load;
    expect(exit.signal).toBe('SIGKILL');

    await withClient(database.url, async (db) => {
      // What the killed process left: deliveries it had claimed but not recorded are leased.
      const leasedAtKill = (await deliveryRows(db)).filter(
        (row) => row.status === 'PENDING' && row.lease_owner !== null,
      );

      const restarting = Date.now();
      const second = await start();
      const restartMs = Date.now() - restarting;
      const delivered = await eventually(
        'the delivery queue to drain after the restart',
        async () => {
          const rows = await deliveryRows(db);
          return rows.every((row) => row.status === 'SUCCEEDED') ? rows : undefined;
        },
        40_000,
      );

      const events = (
        await db.query<EventRow>(
          'SELECT id, event_type_name, alert_id, alert_config_id, created, raw FROM events WHERE group_id = $1',
          [project.groupId],
        )
      ).rows;
      const alerts = (
        await db.query<AlertRow>(
          `SELECT id, alert_config_id, status, hostname_and_port, acknowledged_until, acknowledgement_comment
           FROM alerts WHERE group_id = $1`,
          [project.groupId],
        )
      ).rows;

      checkReports(await storedSamples(db, project.groupId), reports, alerts, events, alertingConfig);
      checkAcks(acks, alerts, events);
      await checkReplaces(replaces, events, second, project);
      const figures = checkDeliveries(
        delivered,
        await recordedAttempts(db),
        leasedAtKill,
        events,
        alerts,
        receiver,
      );

      const all: Array<OutcomeLog<unknown>> = [reports, acks, replaces];
      const made = all.reduce((sum, log) => sum + log.outcomes.length, 0);
      const ok = all.reduce((sum, log) => sum + log.succeeded.length, 0);
      const refused = all.reduce((sum, log) => sum + log.refused.length, 0);
      const unanswered = all.reduce((sum, log) => sum + log.unanswered.length, 0);
      const refusedConnections = all.reduce((sum, log) => sum + log.connectionRefused.length, 0);
      // Answers other than 2xx are the expected refusals (acknowledging an alert closed meanwhile), never 5xx.
      expect(all.flatMap((log) => log.refused).filter((o) => (o.status ?? 0) >= 500)).toEqual([]);
      process.stdout.write(
        `kill -9 under load: ${made} requests (reports ${reports.outcomes.length}, acks ${acks.outcomes.length}, ` +
          `replaces ${replaces.outcomes.length}), 2xx ${ok}, 4xx ${refused}, no answer ${unanswered} (of which ` +
          `${refusedConnections} ended on a refused connection); ${events.length} events checked against ${alerts.length} alerts; ` +
          `${figures.rows} deliveries (${figures.leasedAtKill} in flight at the kill), ${figures.received} calls ` +
          `received, ${figures.repeated} repeated by alert id + event; load ${loadMs} ms, restart ${restartMs} ms\n`,
      );
    });
  }, 120_000);
});

async function storedSamples(db: Client, groupId: string): Promise<Set<string>> {
  const rows = (
    await db.query<{ hostname: string; ts: Date }>(
      `SELECT h.hostname, m.ts FROM measurements m JOIN hosts h ON h.id = m.host_id
       WHERE h.group_id = $1
         AND m.metric_ids && ARRAY(SELECT id FROM measurement_metrics WHERE name = 'CONNECTIONS')`,
      [groupId],
    )
  ).rows;
  return new Set(rows.map((row) => `${row.hostname}|${row.ts.toISOString()}`));
}

const sampleKey = (sample: Sample): string => `${sample.hostname}|${sample.timestamp}`;

// A report is one transaction: all of its data points or none; 2xx means all. Each host's alerts follow
// the committed data points exactly: one alert per crossing above the threshold, closed by the next one
// below, each with its opening (and closing) event and no other.
function checkReports(
  stored: Set<string>,
  reports: OutcomeLog<Report>,
  alerts: AlertRow[],
  events: EventRow[],
  alertingConfig: string,
): void {
  const committed: Sample[] = [];
  for (const report of reports.succeeded) {
    expect(report.samples.filter((sample) => !stored.has(sampleKey(sample)))).toEqual([]);
    committed.push(...report.samples);
  }
  for (const report of reports.unanswered) {
    const present = report.samples.filter((sample) => stored.has(sampleKey(sample))).length;
    expect([0, report.samples.length]).toContain(present);
    if (present > 0) committed.push(...report.samples);
  }
  for (const outcome of reports.refused.map((o) => o.what)) {
    expect(outcome.samples.filter((sample) => stored.has(sampleKey(sample)))).toEqual([]);
  }
  // Nothing stored that no request carried.
  expect(stored.size).toBe(committed.length);

  const opening = countBy(
    events.filter((e) => e.event_type_name === 'OUTSIDE_METRIC_THRESHOLD'),
    (e) => e.alert_id ?? '',
  );
  const closing = countBy(
    events.filter((e) => e.event_type_name === 'INSIDE_METRIC_THRESHOLD'),
    (e) => e.alert_id ?? '',
  );
  const alertIds = new Set(alerts.map((alert) => alert.id));
  expect([...opening.keys(), ...closing.keys()].filter((id) => !alertIds.has(id))).toEqual([]);

  const byHost = new Map<string, Sample[]>();
  for (const sample of committed)
    byHost.set(sample.hostname, [...(byHost.get(sample.hostname) ?? []), sample]);
  for (const [hostname, samples] of byHost) {
    samples.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    let opens = 0;
    let closes = 0;
    samples.forEach((sample, i) => {
      const before = i === 0 ? BELOW : samples[i - 1].value;
      if (sample.value === ABOVE && before === BELOW) opens++;
      if (sample.value === BELOW && before === ABOVE) closes++;
    });
    const ofHost = alerts.filter(
      (alert) => alert.alert_config_id === alertingConfig && alert.hostname_and_port === `${hostname}:27017`,
    );
    expect({
      hostname,
      alerts: ofHost.length,
      closed: ofHost.filter((a) => a.status === 'CLOSED').length,
    }).toEqual({
      hostname,
      alerts: opens,
      closed: closes,
    });
    expect(ofHost.filter((alert) => alert.status === 'OPEN').length).toBe(
      samples[samples.length - 1].value === ABOVE ? 1 : 0,
    );
    for (const alert of ofHost) {
      expect([alert.id, opening.get(alert.id) ?? 0, closing.get(alert.id) ?? 0]).toEqual([
        alert.id,
        1,
        alert.status === 'CLOSED' ? 1 : 0,
      ]);
    }
  }
}

// Each acknowledgement carries a unique comment: a 2xx one has exactly one ALERT_ACKNOWLEDGED_AUDIT with
// it, a refused one none, a cut one at most one; no such event carries a comment nobody sent. Each alert
// reads as its last acknowledgement event says.
function checkAcks(acks: OutcomeLog<Ack>, alerts: AlertRow[], events: EventRow[]): void {
  const acknowledged = events.filter((e) => e.event_type_name === 'ALERT_ACKNOWLEDGED_AUDIT');
  const unacknowledged = events.filter((e) => e.event_type_name === 'ALERT_UNACKNOWLEDGED_AUDIT');
  const byToken = countBy(acknowledged, (e) => `${e.alert_id}|${e.raw?.acknowledgementComment ?? ''}`);
  const key = (ack: Ack): string => `${ack.alertId}|${ack.token}`;
  const sent = new Set(acks.outcomes.filter((o) => o.what.token !== null).map((o) => key(o.what)));
  expect([...byToken.keys()].filter((token) => !sent.has(token))).toEqual([]);
  for (const ack of acks.succeeded.filter((a) => a.token !== null))
    expect([key(ack), byToken.get(key(ack))]).toEqual([key(ack), 1]);
  for (const ack of acks.refused.map((o) => o.what).filter((a) => a.token !== null))
    expect([key(ack), byToken.get(key(ack)) ?? 0]).toEqual([key(ack), 0]);
  for (const ack of acks.unanswered.filter((a) => a.token !== null))
    expect(byToken.get(key(ack)) ?? 0).toBeLessThanOrEqual(1);

  const unackEvents = countBy(unacknowledged, (e) => e.alert_id ?? '');
  const unackOk = countBy(
    acks.succeeded.filter((a) => a.token === null),
    (a) => a.alertId,
  );
  const unackCut = countBy(
    acks.unanswered.filter((a) => a.token === null),
    (a) => a.alertId,
  );
  for (const alertId of new Set([...unackEvents.keys(), ...unackOk.keys()])) {
    const count = unackEvents.get(alertId) ?? 0;
    expect(count).toBeGreaterThanOrEqual(unackOk.get(alertId) ?? 0);
    expect(count).toBeLessThanOrEqual((unackOk.get(alertId) ?? 0) + (unackCut.get(alertId) ?? 0));
  }

  for (const alert of alerts) {
    const ofAlert = [...acknowledged, ...unacknowledged].filter((e) => e.alert_id === alert.id);
    if (ofAlert.length === 0) {
      expect(alert.acknowledged_until).toBeNull();
      continue;
    }
    // Acknowledgements of one alert are serialized by its row lock, so the newest event is the last change
    // (two in the same millisecond could be either).
    const newest = Math.max(...ofAlert.map((e) => e.created.getTime()));
    const states = ofAlert
      .filter((e) => e.created.getTime() === newest)
      .map((e) =>
        e.event_type_name === 'ALERT_ACKNOWLEDGED_AUDIT' ? (e.raw?.acknowledgementComment ?? null) : null,
      );
    expect(states).toContain(alert.acknowledgement_comment);
    expect(alert.acknowledged_until === null).toBe(alert.acknowledgement_comment === null);
  }
}

// One writer per configuration, so its committed replaces are its 2xx ones plus, perhaps, its first
// unanswered one (in flight at the kill; the later ones started once the process was gone): as many
// ALERT_CONFIG_CHANGED_AUDIT events, and the stored threshold is the last committed one.
async function checkReplaces(
  replaces: OutcomeLog<Replace>,
  events: EventRow[],
  service: ServiceUnderTest,
  project: Project,
): Promise<void> {
  const changed = countBy(
    events.filter((e) => e.event_type_name === 'ALERT_CONFIG_CHANGED_AUDIT'),
    (e) => e.alert_config_id ?? '',
  );
  for (const configId of new Set(replaces.outcomes.map((o) => o.what.configId))) {
    const ok = replaces.succeeded.filter((r) => r.configId === configId);
    const cut = replaces.unanswered.filter((r) => r.configId === configId);
    expect(replaces.refused.filter((o) => o.what.configId === configId)).toEqual([]);
    const stored = await call<{ metricThreshold: { threshold: number } }>(
      'GET',
      `${service.apiUrl}/groups/${project.groupId}/alertConfigs/${configId}`,
      { auth: project.auth },
    );
    const events = changed.get(configId) ?? 0;
    expect(events - ok.length).toBeGreaterThanOrEqual(0);
    expect(events - ok.length).toBeLessThanOrEqual(Math.min(1, cut.length));
    const last = events > ok.length ? cut[0] : ok[ok.length - 1];
    expect([configId, stored.body.metricThreshold.threshold]).toEqual([
      configId,
      last?.threshold ?? QUIET_THRESHOLD,
    ]);
  }
}

// Every opened alert was queued for its webhook in the transaction that opened it; after the drain the
// receiver has every queued notification, and each extra call is a recorded retry or a call the kill cut.
function checkDeliveries(
  rows: DeliveryRow[],
  attempts: Map<string, number>,
  leasedAtKill: DeliveryRow[],
  events: EventRow[],
  alerts: AlertRow[],
  receiver: HttpReceiver,
): { rows: number; leasedAtKill: number; received: number; repeated: number } {
  const openRows = countBy(
    rows.filter((row) => row.event_kind === 'alert.open'),
    (row) => row.alert_id,
  );
  for (const alert of alerts.filter((a) => a.status !== 'TRACKING' && a.hostname_and_port !== null)) {
    expect([alert.id, openRows.get(alert.id) ?? 0]).toEqual([alert.id, 1]);
  }
  expect(events.filter((e) => e.event_type_name === 'OUTSIDE_METRIC_THRESHOLD').length).toBe(openRows.size);

  const calls = receiver.requests.filter((request) => request.path === '/hook');
  const receivedBy = countBy(
    calls,
    (request) => `${request.json().id as string}|${String(request.headers['x-mms-event'])}`,
  );
  const queuedBy = countBy(rows, (row) => `${row.alert_id}|${row.event_kind}`);
  const cutBy = countBy(leasedAtKill, (row) => `${row.alert_id}|${row.event_kind}`);
  let repeated = 0;
  for (const [key, queued] of queuedBy) {
    const received = receivedBy.get(key) ?? 0;
    expect([key, received >= queued]).toEqual([key, true]);
    expect([key, received <= (attempts.get(key) ?? 0) + (cutBy.get(key) ?? 0)]).toEqual([key, true]);
    repeated += received - queued;
  }
  expect([...receivedBy.keys()].filter((key) => !queuedBy.has(key))).toEqual([]);
  expect(receiver.requests.filter((request) => request.path !== '/hook')).toEqual([]);
  return { rows: rows.length, leasedAtKill: leasedAtKill.length, received: calls.length, repeated };
}
