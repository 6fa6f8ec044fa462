import type { Client } from 'pg';
import { HostStatistics } from '../../../src/modules/automation/hosts/host-statistics';
import type { TestApp } from '../../support/test-app';
import { eventually } from '../../support/eventually';
import {
  automationAppWithConnection,
  deployment,
  hostReport,
  monitoringReport,
  postReport,
} from './automation.fixture';

// Hosts arriving in bulk get the planner's statistics refreshed by the service (ANALYZE as the tables'
// owner), not only by autovacuum's next pass; a handful of new hosts leaves that to autovacuum.
describe('POST /agents/v1/groups/{groupId}/reports, hosts in bulk', () => {
  let t: TestApp;
  let db: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, db, close } = await automationAppWithConnection({
      MAX_HOSTS_PER_PROJECT: '2000',
      MAX_NEW_HOSTS_PER_REPORT: '1000',
    }));
  });

  afterAll(() => close());

  // Manual ANALYZE runs only (autovacuum's are counted apart), as the statistics collector has them.
  const analyzeCounts = async (): Promise<Record<string, number>> => {
    const { rows } = await db.query<{ relname: string; analyze_count: string }>(
      `SELECT relname, analyze_count FROM pg_stat_user_tables WHERE relname IN ('hosts', 'latest_measurements')`,
    );
    return Object.fromEntries(rows.map((row) => [row.relname, Number(row.analyze_count)]));
  };
  const hosts = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) =>
      hostReport({
        hostname: `${prefix}${i}.example.com`,
        measurements: [
          { metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp: new Date().toISOString() },
        ],
      }),
    );

  it('should analyze hosts and latest_measurements once a report brings hundreds of new hosts', async () => {
    const d = await deployment(t);
    const statistics = t.app.get(HostStatistics);
    const before = await analyzeCounts();

    // A few new hosts: below the threshold (the count checked at the end shows no refresh for them).
    expect(await postReport(t, d.groupId, d.agentKey.key, monitoringReport(hosts(5, 'few')))).toMatchObject({
      status: 202,
    });
    await statistics.settled();

    const bulk = monitoringReport(hosts(600, 'bulk'), { hostname: 'agent1.example.com' });
    expect(await postReport(t, d.groupId, d.agentKey.key, bulk)).toMatchObject({ status: 202 });
    await statistics.settled();
    await eventually('a manual ANALYZE of both tables', async () => {
      const after = await analyzeCounts();
      return after.hosts === (before.hosts ?? 0) + 1 &&
        after.latest_measurements === (before.latest_measurements ?? 0) + 1
        ? true
        : undefined;
    });

    // The next bulk is measured against the hosts counted then (605): 100 more is below a fifth.
    expect(
      await postReport(
        t,
        d.groupId,
        d.agentKey.key,
        monitoringReport(hosts(100, 'more'), { hostname: 'agent2.example.com' }),
      ),
    ).toMatchObject({ status: 202 });
    await statistics.settled();
    const later = await analyzeCounts();
    expect(later.hosts).toBe((before.hosts ?? 0) + 1);
  });
});
