import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ManualClock } from '../../../src/platform/clock/clock';
import { loadConfig } from '../../../src/platform/config/app-config';
import { dataSourceOptions } from '../../../src/platform/database/data-source';
import { runMigrations } from '../../../src/platform/database/migrate';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';

// The migration to one row per host and instant (1795303900000) carries the data points written in the
// layout before it: the database is taken back to the migration before it, data points are written with
// that layout's own SQL (the statements of the MeasurementStore it replaced), the answers that store's
// series SQL gave are taken, then the migrations run and the API must answer the same.
const WIDE = 1795303900000;
const NOW = new Date('2024-01-15T10:10:00Z');
const DAY_MS = 86_400_000;

// The previous layout's ingest and read statements, verbatim.
const OLD_INSERT = `WITH input AS (
         SELECT * FROM json_to_recordset($1::json)
           AS r(host_id char(24), metric_name varchar, ts timestamptz, units varchar, value float8)
       ), stored AS (
         INSERT INTO measurements (host_id, metric_name, ts, units, value)
         SELECT host_id, metric_name, ts, units, value FROM input
         ON CONFLICT (host_id, metric_name, ts) DO UPDATE SET units = EXCLUDED.units, value = EXCLUDED.value
       )
       INSERT INTO latest_measurements (host_id, metric_name, ts, units, value, group_id)
       SELECT DISTINCT ON (host_id, metric_name) host_id, metric_name, ts, units, value, $2::char(24) FROM input
       ORDER BY host_id, metric_name, ts DESC
       ON CONFLICT (host_id, metric_name) DO UPDATE SET ts = EXCLUDED.ts, units = EXCLUDED.units, value = EXCLUDED.value
       WHERE latest_measurements.ts <= EXCLUDED.ts`;
const OLD_SERIES = `SELECT metric_name, date_bin($2::interval, ts, $5::timestamptz) AS bucket, avg(value) AS value,
              (array_agg(units ORDER BY ts DESC))[1] AS units
       FROM measurements
       WHERE host_id = $1 AND ts >= $3 AND ts < $4 AND ($6::varchar[] IS NULL OR metric_name = ANY($6::varchar[]))
       GROUP BY metric_name, bucket
       ORDER BY metric_name, bucket`;

const GRANULARITY_MS: Record<string, number> = { PT1M: 60_000, PT5M: 300_000, PT1H: 3_600_000, P1D: DAY_MS };
const PERIOD_MS: Record<string, number> = { PT1H: 3_600_000, P1D: DAY_MS };
const QUERIES: Array<{ granularity: string; period: string; m?: string[] }> = [
  { granularity: 'PT1M', period: 'PT1H' },
  { granularity: 'PT5M', period: 'PT1H', m: ['CONNECTIONS'] },
  { granularity: 'PT1H', period: 'PT1H', m: ['MEMORY_RESIDENT', 'OPCOUNTER_QUERY'] },
  { granularity: 'PT5M', period: 'P1D' },
  { granularity: 'PT1H', period: 'P1D', m: ['MEMORY_RESIDENT'] },
  { granularity: 'P1D', period: 'P1D' },
];

interface Series {
  name: string;
  units: string;
  dataPoints: Array<{ timestamp: string; value: number }>;
}

describe('GET /groups/{groupId}/hosts/{hostId}/measurements across the migration to one row per host and instant', () => {
  const clock = new ManualClock(NOW);
  let t: TestApp;
  let d: Deployment;
  let db: Client;

  beforeAll(async () => {
    t = await startAutomationApp(clock);
    d = await deployment(t);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('should answer the same series after the migration as the previous layout did, partitions kept', async () => {
    await report(t, d, monitoringReport([hostReport(), hostReport({ hostname: 'db1.example.com' })]));
    const hostIds = await Promise.all(
      ['db0', 'db1'].map(
        async (name) =>
          (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/${name}.example.com:27017`)).body
            .id as string,
      ),
    );
    await toMigrationBefore(t.databaseUrl, WIDE);
    expect(await columnsOf(db, 'measurements')).toEqual(['host_id', 'metric_name', 'ts', 'units', 'value']);

    // 26 hours of samples every 10 s over three UTC days, three metrics a host, written as reports of
    // 100 instants; MEMORY_RESIDENT changes units twice (the newest sample's units name a bucket's).
    // Values are multiples of 1/4, so every sum is exact whatever the order of the rows summed.
    for (const day of [-1, 0])
      await createDay(db, new Date(Math.floor(NOW.getTime() / DAY_MS + day) * DAY_MS));
    const first = NOW.getTime() - 26 * 3_600_000;
    const instants = Array.from({ length: (26 * 3600) / 10 + 1 }, (_, i) => first + i * 10_000);
    for (let at = 0; at < instants.length; at += 100) {
      const rows = instants.slice(at, at + 100).flatMap((ts, i) =>
        hostIds.flatMap((hostId, h) => {
          const n = at + i + h * 7;
          const memoryUnits = (at + i) % 3000 < 1500 ? 'MEGABYTES' : 'GIGABYTES';
          return [
            { host_id: hostId, metric_name: 'CONNECTIONS', ts: new Date(ts), units: 'SCALAR', value: n % 97 },
            {
              host_id: hostId,
              metric_name: 'MEMORY_RESIDENT',
              ts: new Date(ts),
              units: memoryUnits,
              value: n * 0.25,
            },
            {
              host_id: hostId,
              metric_name: 'OPCOUNTER_QUERY',
              ts: new Date(ts),
              units: 'SCALAR_PER_SECOND',
              value: (n % 13) * 1.75 - 4,
            },
          ];
        }),
      );
      await db.query(OLD_INSERT, [JSON.stringify(rows), d.groupId]);
    }
    const before = await Promise.all(QUERIES.map((query) => oldAnswer(db, hostIds[0], query)));
    const partitionsBefore = await partitionsOf(db);
    expect(partitionsBefore.map((p) => p.name)).toEqual(['measurements_p20240114', 'measurements_p20240115']);
    expect(before.every((series) => series.length > 0)).toBe(true);

    await migrate(t.databaseUrl);

    expect(await columnsOf(db, 'measurements')).toEqual(['host_id', 'ts', 'metric_ids', 'metric_values']);
    expect(await partitionsOf(db)).toEqual(partitionsBefore);
    const stored = await db.query<{ rows: string; samples: string }>(
      'SELECT count(*) AS rows, sum(cardinality(metric_ids)) AS samples FROM measurements',
    );
    expect(stored.rows[0]).toEqual({
      rows: String(2 * instants.length),
      samples: String(6 * instants.length),
    });
    for (const [index, query] of QUERIES.entries()) {
      const response = await getJson(
        t,
        d.readOnly,
        `/groups/${d.groupId}/hosts/${hostIds[0]}/measurements?${queryText(query)}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.measurements).toEqual(before[index]);
    }

    // A migrated instant re-sent in part is merged: the metric sent replaced, the others kept.
    const last = new Date(instants[instants.length - 1]).toISOString();
    await report(
      t,
      d,
      monitoringReport([
        hostReport({
          measurements: [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: 5000, timestamp: last }],
        }),
      ]),
    );
    const merged = await db.query<{ names: string[]; values: number[] }>(
      `SELECT array_agg(d.name ORDER BY d.name) AS names, array_agg(s.value ORDER BY d.name) AS values
       FROM measurements m CROSS JOIN LATERAL unnest(m.metric_ids, m.metric_values) AS s(id, value)
       JOIN measurement_metrics d ON d.id = s.id WHERE m.host_id = $1 AND m.ts = $2`,
      [hostIds[0], last],
    );
    const n = instants.length - 1;
    expect(merged.rows[0]).toEqual({
      names: ['CONNECTIONS', 'MEMORY_RESIDENT', 'OPCOUNTER_QUERY'],
      values: [5000, n * 0.25, (n % 13) * 1.75 - 4],
    });
  });
});

// Undoes the migrations from `timestamp` on, newest first: the database is then at the one before.
async function toMigrationBefore(url: string, timestamp: number): Promise<void> {
  const dataSource = new DataSource({ ...dataSourceOptions(url), entities: [] });
  await dataSource.initialize();
  try {
    const rows: Array<{ count: string }> = await dataSource.query(
      'SELECT count(*) AS count FROM typeorm_migrations WHERE timestamp >= $1',
      [timestamp],
    );
    for (let i = 0; i < Number(rows[0]?.count); i++)
      await dataSource.undoLastMigration({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

async function migrate(url: string): Promise<void> {
  const dataSource = new DataSource({ ...dataSourceOptions(url), entities: [] });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource, loadConfig().databaseServiceRole);
  } finally {
    await dataSource.destroy();
  }
}

async function createDay(db: Client, day: Date): Promise<void> {
  const name = `measurements_p${day.toISOString().slice(0, 10).replace(/-/g, '')}`;
  const next = new Date(day.getTime() + DAY_MS);
  await db.query(
    `CREATE TABLE ${name} PARTITION OF measurements FOR VALUES FROM ('${day.toISOString()}') TO ('${next.toISOString()}')`,
  );
}

async function columnsOf(db: Client, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.rows.map((row) => row.name);
}

async function partitionsOf(db: Client): Promise<Array<{ name: string; bound: string }>> {
  const rows = await db.query<{ name: string; bound: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'measurements'::regclass ORDER BY c.relname`,
  );
  return rows.rows;
}

function queryText(query: { granularity: string; period: string; m?: string[] }): string {
  return [
    `granularity=${query.granularity}`,
    `period=${query.period}`,
    ...(query.m ?? []).map((m) => `m=${m}`),
  ].join('&');
}

// What the API answered on the previous layout: its series SQL, shaped as MeasurementsService shapes it
// (one series per metric in the rows' order, units those of the last bucket, timestamps in seconds).
async function oldAnswer(
  db: Client,
  hostId: string,
  query: { granularity: string; period: string; m?: string[] },
): Promise<Series[]> {
  const end = NOW;
  const start = new Date(NOW.getTime() - PERIOD_MS[query.period]);
  const rows = await db.query<{ metric_name: string; bucket: Date; value: string | number; units: string }>(
    OLD_SERIES,
    [
      hostId,
      `${GRANULARITY_MS[query.granularity]} milliseconds`,
      start.toISOString(),
      end.toISOString(),
      '2000-01-01T00:00:00Z',
      query.m ?? null,
    ],
  );
  const series = new Map<string, Series>();
  for (const row of rows.rows) {
    const entry = series.get(row.metric_name) ?? { name: row.metric_name, units: row.units, dataPoints: [] };
    entry.units = row.units;
    entry.dataPoints.push({
      timestamp: row.bucket.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      value: Number(row.value),
    });
    series.set(row.metric_name, entry);
  }
  return [...series.values()];
}
