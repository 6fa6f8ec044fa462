import { Client } from 'pg';
import { ManualClock } from '../../../src/platform/clock/clock';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  partitionsOf,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';

// Partitions are made for a report's samples and ahead of time, fitted around
// partitions of another width, dropped once expired, and dropped without holding reports up.
describe('POST /agents/v1/groups/{groupId}/reports into partitions an hour wide, kept two hours', () => {
  const clock = new ManualClock(new Date('2024-03-10T10:20:00Z'));
  let t: TestApp;
  let db: Client;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp(clock, {
      MEASUREMENT_PARTITION_MINUTES: '60',
      MEASUREMENT_RETENTION_HOURS: '2',
    });
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    d = await deployment(t);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const partitions = async () =>
    (
      await db.query<{ name: string; pending: boolean }>(
        `SELECT c.relname AS name, i.inhdetachpending AS pending FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'measurements'::regclass ORDER BY 1`,
      )
    ).rows;
  const names = async () => (await partitions()).map((partition) => partition.name);
  const reportAt = (timestamp: string, hostname = 'db0.example.com') =>
    report(
      t,
      d,
      monitoringReport([
        hostReport({
          hostname,
          measurements: [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp }],
        }),
      ]),
    );
  const samplesAt = async (timestamp: string) =>
    Number(
      (await db.query<{ n: string }>('SELECT count(*) AS n FROM measurements WHERE ts = $1', [timestamp]))
        .rows[0].n,
    );
  // Until the detach of `name` has marked it and waits for the reads older than it.
  const detachWaiting = async (name: string) => {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      if ((await partitions()).some((partition) => partition.name === name && partition.pending)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the detach of ${name} never started`);
  };

  it("should make the hour's partition for a report's samples, and the next one ahead of time", async () => {
    await reportAt('2024-03-10T10:19:00Z');
    expect(await names()).toEqual(['measurements_p20240310_1000']);
    await partitionsOf(t).ensureAhead();
    expect(await names()).toEqual(['measurements_p20240310_1000', 'measurements_p20240310_1100']);
    expect(await samplesAt('2024-03-10T10:19:00Z')).toBe(1);
  });

  it('should fit a new partition into the gap a partition of another width leaves, and use that one', async () => {
    // Made when partitions were 90 minutes wide.
    await db.query(`CREATE TABLE measurements_p20240310_1230 PARTITION OF measurements
                    FOR VALUES FROM ('2024-03-10T12:30:00Z') TO ('2024-03-10T14:00:00Z')`);
    clock.set(new Date('2024-03-10T12:50:00Z'));
    await reportAt('2024-03-10T12:10:00Z');
    await reportAt('2024-03-10T12:45:00Z');
    expect(await names()).toEqual([
      'measurements_p20240310_1000',
      'measurements_p20240310_1100',
      'measurements_p20240310_1200',
      'measurements_p20240310_1230',
    ]);
    expect(await samplesAt('2024-03-10T12:10:00Z')).toBe(1);
    expect(await samplesAt('2024-03-10T12:45:00Z')).toBe(1);
  });

  it('should drop a partition once its newest possible sample is older than the retention and the grace, not before', async () => {
    clock.set(new Date('2024-03-10T13:04:59Z'));
    expect(await partitionsOf(t).prune()).toEqual([]);
    clock.set(new Date('2024-03-10T13:05:00Z'));
    expect(await partitionsOf(t).prune()).toEqual(['measurements_p20240310_1000']);
    expect(await names()).not.toContain('measurements_p20240310_1000');
    expect(await samplesAt('2024-03-10T12:10:00Z')).toBe(1);
  });

  it('should take in reports while a dropped partition waits for a read that started before it', async () => {
    const reader = new Client({ connectionString: t.databaseUrl });
    await reader.connect();
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query('SELECT count(*) FROM measurements');
      clock.set(new Date('2024-03-10T14:05:00Z'));
      const pruning = partitionsOf(t).prune();
      pruning.catch(() => undefined);
      await detachWaiting('measurements_p20240310_1100');
      // Reports go through while the detach waits for the reader: into a partition that exists, and into
      // one they make (the attach is not held up either).
      await reportAt('2024-03-10T12:20:00Z', 'db1.example.com');
      expect(await samplesAt('2024-03-10T12:20:00Z')).toBe(1);
      await reportAt('2024-03-10T14:06:00Z', 'db1.example.com');
      expect(await samplesAt('2024-03-10T14:06:00Z')).toBe(1);
      expect(await names()).toContain('measurements_p20240310_1400');
      await reader.query('COMMIT');
      expect(await pruning).toEqual(['measurements_p20240310_1100']);
    } finally {
      await reader.end();
    }
  });

  it('should finish a detach cut off half-way once its partition expires, and leave it until then', async () => {
    const reader = new Client({ connectionString: t.databaseUrl });
    const detacher = new Client({ connectionString: t.databaseUrl });
    await reader.connect();
    await detacher.connect();
    // Its end is the point of the test, not an error.
    detacher.on('error', () => undefined);
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query('SELECT count(*) FROM measurements');
      const pid = (await detacher.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const detach = detacher
        .query('ALTER TABLE measurements DETACH PARTITION measurements_p20240310_1200 CONCURRENTLY')
        .then(
          () => 'detached',
          () => 'cut off',
        );
      await detachWaiting('measurements_p20240310_1200');
      await db.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(await detach).toBe('cut off');
      await reader.query('COMMIT');
    } finally {
      await reader.end();
      await detacher.end().catch(() => undefined);
    }
    clock.set(new Date('2024-03-10T14:30:00Z'));
    expect(await partitionsOf(t).prune()).toEqual([]);
    expect(await names()).toContain('measurements_p20240310_1200');
    clock.set(new Date('2024-03-10T14:35:00Z'));
    expect(await partitionsOf(t).prune()).toEqual(['measurements_p20240310_1200']);
    expect(await names()).toEqual(['measurements_p20240310_1230', 'measurements_p20240310_1400']);
    await reportAt('2024-03-10T13:30:00Z');
    expect(await samplesAt('2024-03-10T13:30:00Z')).toBe(1);
  });

  it('should drop what a drop cut off after its detach left, and no other table', async () => {
    await db.query('CREATE TABLE measurements_p20240310_0900 (LIKE measurements)');
    await db.query('CREATE TABLE measurements_p20240310_0900_archive (LIKE measurements)');
    expect(await partitionsOf(t).prune()).toEqual(['measurements_p20240310_0900']);
    const tables = await db.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relname LIKE 'measurements_p20240310_0900%' AND relkind = 'r'",
    );
    expect(tables.rows.map((row) => row.name)).toEqual(['measurements_p20240310_0900_archive']);
  });
});
