import { DataSource } from 'typeorm';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import {
  automationAppWithConnection,
  createAgentKey,
  deployment,
  hostReport,
  monitoringReport,
  postReport,
  type AgentKey,
} from '../automation/automation.fixture';
import { createAlertConfig, startDeliveriesApp, workerOf } from '../deliveries/deliveries.fixture';
import { sessionsWaitingOnLocks } from '../../support/lock-waiters';

// What an operator alerts on, read from /metrics (loopback, as by default) while the test causes it.
// Figures read with SQL are reused for two seconds, so their changes are waited for.

const FAMILIES = [
  'http_requests_total',
  'dms_alerts_open',
  'dms_deliveries_total',
  'dms_delivery_queue_depth',
  'dms_delivery_queue_oldest_due_seconds',
  'dms_agent_reports_accepted_total',
  'dms_agent_reports_refused_total',
  'dms_agent_report_duration_seconds',
  'dms_agent_report_queue_depth',
  'dms_alert_evaluation_seconds',
  'nodejs_eventloop_lag_seconds',
  'dms_db_pool_connections',
  'dms_db_pool_max',
];

async function scrape(t: TestApp): Promise<string> {
  const response = await call('GET', `${t.baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics: ${response.status} ${response.text}`);
  return response.text;
}

// The value of one sample (labels as written by prom-client, in their order), 0 when absent.
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let receiver: HttpReceiver;
  let t: TestApp;
  let p: ProjectCallers;
  let agentKey: AgentKey;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
    agentKey = await createAgentKey(t, p.groupOwner, p.groupId);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const reportAs = (key: string | undefined, body: unknown) => postReport(t, p.groupId, key, body);

  it('should expose every family an operator alerts on when scraped from the machine itself', async () => {
    const text = await scrape(t);

    for (const family of FAMILIES)
      expect({ family, declared: text.includes(`# TYPE ${family} `) }).toEqual({ family, declared: true });
    expect(sample(text, 'dms_db_pool_max')).toBeGreaterThan(0);
    expect(sample(text, 'dms_db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('should count a refused report under the error code it was answered with, and its latency as refused', async () => {
    const before = await scrape(t);

    const badKey = await reportAs('not-the-key', monitoringReport([]));
    const badBody = await reportAs(agentKey.key, {
      agentType: 'ROBOT',
      hostname: 'a.example.com',
      version: '1',
    });
    const noJson = await postReport(t, p.groupId, agentKey.key, undefined, { rawBody: '{"agentType":' });

    const after = await scrape(t);
    for (const refused of [badKey, badBody, noJson]) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const reason = `reason="${refused.body.errorCode}"`;
      const counted = [badKey, badBody, noJson].filter(
        (other) => other.body.errorCode === refused.body.errorCode,
      ).length;
      expect({
        reason,
        moved:
          sample(after, 'dms_agent_reports_refused_total', reason) -
          sample(before, 'dms_agent_reports_refused_total', reason),
      }).toEqual({ reason, moved: counted });
    }
    const refusedCount = (text: string) =>
      sample(text, 'dms_agent_report_duration_seconds_count', 'outcome="refused"');
    expect(refusedCount(after) - refusedCount(before)).toBe(3);
    expect(sample(after, 'dms_agent_reports_accepted_total')).toBe(
      sample(before, 'dms_agent_reports_accepted_total'),
    );
  });

  it('should count an accepted report, its latency and the evaluation of its alert conditions', async () => {
    const before = await scrape(t);

    const accepted = await reportAs(
      agentKey.key,
      monitoringReport([hostReport({ hostname: 'counted.example.com' })]),
    );

    expect(accepted.status).toBe(202);
    const after = await scrape(t);
    expect(
      sample(after, 'dms_agent_reports_accepted_total') - sample(before, 'dms_agent_reports_accepted_total'),
    ).toBe(1);
    const acceptedCount = (text: string) =>
      sample(text, 'dms_agent_report_duration_seconds_count', 'outcome="accepted"');
    expect(acceptedCount(after) - acceptedCount(before)).toBe(1);
    expect(
      sample(after, 'dms_alert_evaluation_seconds_count') -
        sample(before, 'dms_alert_evaluation_seconds_count'),
    ).toBe(1);
  });

  it('should show the open alert by type, the due delivery waiting, then the delivery counted by receiver type and outcome', async () => {
    await createAlertConfig(t, p.monitoringAdmin, p.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/metrics-hook'), delayMin: 0, intervalMin: 60 },
    ]);
    const host = hostReport({ hostname: 'falls.example.com' });
    expect((await reportAs(agentKey.key, monitoringReport([host]))).status).toBe(202);
    expect((await reportAs(agentKey.key, monitoringReport([{ ...host, up: false }]))).status).toBe(202);

    await eventually('HOST_DOWN counted open', async () =>
      sample(await scrape(t), 'dms_alerts_open', 'type="HOST_DOWN"') === 1 ? true : undefined,
    );
    await eventually('the delivery queued', async () =>
      sample(await scrape(t), 'dms_delivery_queue_depth') >= 1 ? true : undefined,
    );
    clock.advance(90_000);
    await eventually('the oldest due delivery waiting 90 s', async () =>
      sample(await scrape(t), 'dms_delivery_queue_oldest_due_seconds') >= 90 ? true : undefined,
    );

    const sentLabels = 'receiver_type="WEBHOOK",outcome="succeeded"';
    const before = sample(await scrape(t), 'dms_deliveries_total', sentLabels);
    await workerOf(t.app).runDue();
    await receiver.waitFor(1);

    expect(sample(await scrape(t), 'dms_deliveries_total', sentLabels) - before).toBe(1);
    await eventually('the queue empty again', async () => {
      const text = await scrape(t);
      return sample(text, 'dms_delivery_queue_depth') === 0 &&
        sample(text, 'dms_delivery_queue_oldest_due_seconds') === 0
        ? true
        : undefined;
    });
  });

  it('should read each scrape-time figure at most once per two seconds when scraped 100 times at once', async () => {
    const query = jest.spyOn(t.app.get(DataSource), 'query');
    try {
      const started = Date.now();
      const texts = await Promise.all(Array.from({ length: 100 }, () => scrape(t)));
      const periods = Math.floor((Date.now() - started) / 2000) + 1;

      expect(texts.every((text) => text.includes('# TYPE dms_alerts_open '))).toBe(true);
      const reads = (table: string) =>
        query.mock.calls.filter(
          ([sql]) => typeof sql === 'string' && sql.includes(`FROM ${table} WHERE status`),
        ).length;
      expect(reads('alerts')).toBeLessThanOrEqual(periods);
      expect(reads('deliveries')).toBeLessThanOrEqual(periods);
    } finally {
      query.mockRestore();
    }
  });
});

describe('GET /metrics (report queue)', () => {
  it('should show the reports waiting for a write slot while one holds it', async () => {
    const { t, db, close } = await automationAppWithConnection({ REPORT_WRITE_CONCURRENCY: '1' });
    try {
      const d = await deployment(t);
      const post = (agent: string) =>
        postReport(
          t,
          d.groupId,
          d.agentKey.key,
          monitoringReport([hostReport({ hostname: `${agent}-db.example.com` })], {
            hostname: `${agent}.example.com`,
          }),
        );
      expect(sample(await scrape(t), 'dms_agent_report_queue_depth')).toBe(0);

      // The lock every report of agent-a takes first: its report holds the only slot while the lock is held.
      await db.query('BEGIN');
      await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `automation:agent:${d.groupId}:agent-a.example.com`,
      ]);
      const first = post('agent-a');
      let second: ReturnType<typeof post> | undefined;
      try {
        await eventually('the first report waiting on its agent lock', async () =>
          (await sessionsWaitingOnLocks(db)) === 1 ? true : undefined,
        );
        second = post('agent-b');
        await eventually('one report queued', async () =>
          sample(await scrape(t), 'dms_agent_report_queue_depth') === 1 ? true : undefined,
        );
      } finally {
        await db.query('COMMIT');
      }
      expect((await first).status).toBe(202);
      expect((await second)?.status).toBe(202);
      expect(sample(await scrape(t), 'dms_agent_report_queue_depth')).toBe(0);
    } finally {
      await close();
    }
  });
});
