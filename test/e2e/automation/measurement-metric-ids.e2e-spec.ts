import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/platform/database/data-source';
import { TransactionHost } from '@nestjs-cls/transactional';
import { MeasurementMetricIds } from '../../../src/modules/automation/measurements/measurement-metric-ids';
import { MeasurementStore } from '../../../src/modules/automation/measurements/measurement.store';
import type { TestApp } from '../../support/test-app';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import {
  deployment,
  hostReport,
  monitoringReport,
  postReport,
  report,
  startAutomationApp,
} from './automation.fixture';

// The metric dictionary as two service instances on one database see it: each its own cache, both
// adding the same new pairs at once, in different orders.
describe('POST /agents/v1/groups/{groupId}/reports: metric ids of two instances on one database', () => {
  let t: TestApp;
  let other: DataSource;

  beforeAll(async () => {
    t = await startAutomationApp();
    other = new DataSource({ ...dataSourceOptions(t.databaseUrl), entities: [] });
    await other.initialize();
  });

  afterAll(async () => {
    await other?.destroy();
    await t?.close();
  });

  it('should give every pair one id, the same on both instances, when both add it at once', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => ({
      metricName: `METRIC_${i % 20}`,
      units: i < 20 ? 'SCALAR' : 'BYTES',
    }));
    const txHost = t.app.get(TransactionHost);
    const config = { maxMeasurementMetrics: 10_000 };
    const first = new MeasurementStore(txHost, t.app.get(DataSource), new MeasurementMetricIds(), config);
    const second = new MeasurementStore(txHost, other, new MeasurementMetricIds(), config);
    for (let round = 0; round < 5; round++) {
      const batch = keys.map((key) => ({ ...key, metricName: `${key.metricName}_${round}` }));
      const [a, b] = await Promise.all([first.metricIdsOf(batch), second.metricIdsOf([...batch].reverse())]);
      expect(b.reverse()).toEqual(a);
      expect(new Set(a).size).toBe(batch.length);
      const stored = await other.query(
        `SELECT id, name, units FROM measurement_metrics WHERE name LIKE $1 ORDER BY id`,
        [`%\\_${round}`],
      );
      expect(stored).toHaveLength(batch.length);
      // Asked again (from the cache): the same ids.
      expect(await first.metricIdsOf(batch)).toEqual(a);
    }
  });
});

// Metric names are the agents' to choose: the pairs kept are capped, so invented names cannot grow the
// table and every instance's id cache without end.
describe('POST /agents/v1/groups/{groupId}/reports past MAX_MEASUREMENT_METRICS', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startAutomationApp(undefined, { MAX_MEASUREMENT_METRICS: '100' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const sampled = (hostname: string, names: string[]) =>
    monitoringReport([
      hostReport({
        hostname,
        measurements: names.map((metricName) => ({
          metricName,
          units: 'SCALAR',
          value: 1,
          timestamp: new Date(Date.now() - 60_000).toISOString(),
        })),
      }),
    ]);
  const hostnames = async (d: Awaited<ReturnType<typeof deployment>>) =>
    (
      await call<{ results: Array<{ hostname: string }> }>('GET', `${t.apiUrl}/groups/${d.groupId}/hosts`, {
        auth: d.readOnly,
      })
    ).body.results.map((host) => host.hostname);

  it('should refuse a report bringing a new metric once the cap is reached, record nothing of it, and still take known metrics from any project', async () => {
    const d = await deployment(t);
    await report(
      t,
      d,
      sampled(
        'full.example.com',
        Array.from({ length: 100 }, (_, i) => `METRIC_${i}`),
      ),
    );

    const refused = await postReport(
      t,
      d.groupId,
      d.agentKey.key,
      sampled('new.example.com', ['METRIC_5', 'INVENTED']),
    );

    expectApiError(refused, 400, 'TOO_MANY_METRICS');
    expect(refused.body.detail).toContain('at most 100 distinct metrics');
    expect(refused.body.detail).toContain('INVENTED in SCALAR');
    expect(await hostnames(d)).toEqual(['full.example.com']);
    const other = await deployment(t);
    await report(t, other, sampled('known.example.com', ['METRIC_5', 'METRIC_99']));
    expect(await hostnames(other)).toEqual(['known.example.com']);
    const [{ n }] = await t.app
      .get(DataSource)
      .query<Array<{ n: string }>>('SELECT count(*) AS n FROM measurement_metrics');
    expect(Number(n)).toBe(100);
  });
});
