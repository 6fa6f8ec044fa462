import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/platform/database/data-source';
import { TransactionHost } from '@nestjs-cls/transactional';
import { MeasurementMetricIds } from '../../../src/modules/automation/measurements/measurement-metric-ids';
import { MeasurementStore } from '../../../src/modules/automation/measurements/measurement.store';
import type { TestApp } from '../../support/test-app';
import { startAutomationApp } from './automation.fixture';

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
    const first = new MeasurementStore(txHost, t.app.get(DataSource), new MeasurementMetricIds());
    const second = new MeasurementStore(txHost, other, new MeasurementMetricIds());
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
