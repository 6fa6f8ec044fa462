import fc from 'fast-check';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { MeasurementPartitions } from '../../src/modules/automation';
import { ManualClock } from '../../src/platform/clock/clock';
import {
  deployment,
  hostReport,
  monitoringReport,
  postReport,
  startAutomationApp,
  type Deployment,
} from '../e2e/automation/automation.fixture';
import { startListeningInstance } from '../e2e/alerting/engine.fixture';
import type { TestApp } from '../support/test-app';
import {
  expire,
  makeCovering,
  newPartitionModel,
  rangeKey,
  type Instance,
  type PartitionModel,
  type Range,
} from './support/partition-model';
import { runModel } from './support/model-run';

// Model-based test of the partitions of `measurements` through change: two instances on one database with
// different partition widths and retentions (as during a rolling change of those settings) take reports
// whose samples lie anywhere in the last hours, make partitions ahead of time and drop expired ones, in
// random order while time passes. After every step the partitions in the catalog, the samples stored and
// each answer must be what the small reference model (support/partition-model.ts) says: a sample inside
// the receiving instance's retention is always taken and kept until a retention job drops its partition,
// whatever the other instance dropped or made meanwhile; a drop takes exactly the partitions past its
// instance's retention. Fixed seed in CI; MODEL_SEED=random (or a number) and MODEL_RUNS explore.
const SEED = 20261128;
const RUNS = 100;
const MAX_STEPS = 30;
const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

const INSTANCES: readonly Instance[] = [
  { name: 'A', widthMinutes: 60, retentionHours: 2 },
  { name: 'B', widthMinutes: 15, retentionHours: 5 },
];

interface Real {
  clock: ManualClock;
  db: Client;
  urls: Record<string, string>;
  partitions: Record<string, MeasurementPartitions>;
  d: Deployment;
}

async function catalog(db: Client): Promise<Array<Range & { name: string }>> {
  const rows = await db.query<{ name: string; from: string; to: string }>(
    `SELECT c.relname AS name,
            extract(epoch FROM lower_b::timestamptz) * 1000 AS "from",
            extract(epoch FROM upper_b::timestamptz) * 1000 AS "to"
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
            LATERAL (SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid),
                             'FROM \\(''([^'']*)''\\) TO \\(''([^'']*)''\\)'))[1] AS lower_b,
                            (regexp_match(pg_get_expr(c.relpartbound, c.oid),
                             'FROM \\(''([^'']*)''\\) TO \\(''([^'']*)''\\)'))[2] AS upper_b) AS b
      WHERE i.inhparent = 'measurements'::regclass ORDER BY 2`,
  );
  return rows.rows.map((row) => ({ name: row.name, from: Number(row.from), to: Number(row.to) }));
}

async function sampleTimes(db: Client): Promise<number[]> {
  const rows = await db.query<{ at: string }>(
    'SELECT DISTINCT extract(epoch FROM ts) * 1000 AS at FROM measurements ORDER BY 1',
  );
  return rows.rows.map((row) => Number(row.at));
}

async function compare(model: PartitionModel, real: Real): Promise<void> {
  expect((await catalog(real.db)).map(rangeKey).sort()).toEqual(model.ranges.map(rangeKey).sort());
  expect(await sampleTimes(real.db)).toEqual([...model.samples].sort((a, b) => a - b));
}

class Advance implements fc.AsyncCommand<PartitionModel, Real> {
  constructor(private readonly minutes: number) {}
  check = () => true;
  run(model: PartitionModel, real: Real): Promise<void> {
    model.now += this.minutes * MINUTE;
    real.clock.advance(this.minutes * MINUTE);
    return Promise.resolve();
  }
  toString = () => `advance ${this.minutes} min`;
}

// A monitoring agent's report through the instance's HTTP API with one sample `minutesAgo`.
class Report implements fc.AsyncCommand<PartitionModel, Real> {
  constructor(
    private readonly instance: Instance,
    private readonly minutesAgo: number,
  ) {}
  check = () => true;
  async run(model: PartitionModel, real: Real): Promise<void> {
    const at = model.now - this.minutesAgo * MINUTE;
    const body = monitoringReport([
      hostReport({
        measurements: [
          { metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp: new Date(at).toISOString() },
        ],
      }),
    ]);
    const response = await postReport(
      { baseUrl: real.urls[this.instance.name] },
      real.d.groupId,
      real.d.agentKey.key,
      body,
    );
    const kept = this.minutesAgo * MINUTE <= this.instance.retentionHours * 60 * MINUTE;
    if (!kept) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
    } else {
      expect({ status: response.status, body: response.status === 202 ? null : response.body }).toEqual({
        status: 202,
        body: null,
      });
      makeCovering(model, [at], this.instance.widthMinutes);
      model.samples.add(at);
    }
    await compare(model, real);
  }
  toString = () => `report to ${this.instance.name}, sample ${this.minutesAgo} min ago`;
}

class Ahead implements fc.AsyncCommand<PartitionModel, Real> {
  constructor(private readonly instance: Instance) {}
  check = () => true;
  async run(model: PartitionModel, real: Real): Promise<void> {
    await real.partitions[this.instance.name].ensureAhead();
    makeCovering(
      model,
      [model.now, model.now + this.instance.widthMinutes * MINUTE],
      this.instance.widthMinutes,
    );
    await compare(model, real);
  }
  toString = () => `partitions ahead on ${this.instance.name}`;
}

class Prune implements fc.AsyncCommand<PartitionModel, Real> {
  constructor(private readonly instance: Instance) {}
  check = () => true;
  async run(model: PartitionModel, real: Real): Promise<void> {
    const before = new Map((await catalog(real.db)).map((range) => [range.name, rangeKey(range)]));
    const dropped = await real.partitions[this.instance.name].prune();
    const expired = expire(model, this.instance);
    expect(dropped.map((name) => before.get(name)).sort()).toEqual(expired.map(rangeKey).sort());
    await compare(model, real);
  }
  toString = () => `retention on ${this.instance.name}`;
}

const instance = fc.constantFrom(...INSTANCES);
const commands = [
  fc.integer({ min: 1, max: 150 }).map((minutes) => new Advance(minutes)),
  fc
    .tuple(instance, fc.integer({ min: 0, max: 6 * 60 }))
    .map(([to, minutesAgo]) => new Report(to, minutesAgo)),
  instance.map((on) => new Ahead(on)),
  instance.map((on) => new Prune(on)),
];

describe('POST /agents/v1/groups/{groupId}/reports (measurement partitions model, two instances)', () => {
  const clock = new ManualClock(new Date('2026-03-10T00:07:00Z'));
  let t: TestApp;
  let other: { app: INestApplication; baseUrl: string };
  let real: Real;

  beforeAll(async () => {
    const envOf = (of: Instance) => ({
      AGENT_SWEEP_INTERVAL_SECONDS: '0',
      MEASUREMENT_PARTITION_MINUTES: String(of.widthMinutes),
      MEASUREMENT_RETENTION_HOURS: String(of.retentionHours),
    });
    t = await startAutomationApp(clock, envOf(INSTANCES[0]));
    other = await startListeningInstance(t, clock, envOf(INSTANCES[1]));
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    real = {
      clock,
      db,
      urls: { A: t.baseUrl, B: other.baseUrl },
      partitions: { A: t.app.get(MeasurementPartitions), B: other.app.get(MeasurementPartitions) },
      d: await deployment(t),
    };
  });

  afterAll(async () => {
    await real?.db.end();
    await other?.app.close();
    await t?.close();
  });

  // Each sequence starts days after the last, its first step a drop of what the last one left; the
  // instances' caches are left as they were, stale entries included.
  async function setup(): Promise<{ model: PartitionModel; real: Real }> {
    clock.advance(3 * DAY);
    await real.partitions.A.prune();
    await real.partitions.B.prune();
    const model = newPartitionModel(
      clock.now().getTime(),
      await catalog(real.db),
      await sampleTimes(real.db),
    );
    return { model, real };
  }

  it(
    'should keep partitions and samples as the model says while two instances of different settings report, make and drop',
    () => runModel('partition model', commands, setup, { seed: SEED, runs: RUNS, maxSteps: MAX_STEPS }),
    20 * 60_000,
  );
});
