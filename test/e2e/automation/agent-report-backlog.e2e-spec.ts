import type { Client } from 'pg';
import type { ApiResponse } from '../../support/digest-client';
import { expectApiError } from '../../support/api-error';
import { eventually } from '../../support/eventually';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import {
  automationAppWithConnection,
  deployment,
  hostReport,
  monitoringReport,
  postReport,
} from './automation.fixture';
import { sessionsWaitingOnLocks } from '../../support/lock-waiters';

// Reports beyond REPORT_WRITE_CONCURRENCY wait for a slot, at most REPORT_QUEUE_LIMIT of them; the next
// one is refused at once with 503 and Retry-After, and nothing of it is stored. The slot is kept busy by
// an advisory lock the test's own connection holds, never by timing.
describe('POST /agents/v1/groups/{groupId}/reports, backlog', () => {
  let t: TestApp;
  let db: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, db, close } = await automationAppWithConnection({
      REPORT_WRITE_CONCURRENCY: '1',
      REPORT_QUEUE_LIMIT: '1',
    }));
  });

  afterAll(() => close());

  const report = (agent: string, hostname: string) =>
    monitoringReport([hostReport({ hostname })], { hostname: `${agent}.example.com` });

  it('should refuse with 503 and Retry-After the report that finds the queue full, storing nothing of it', async () => {
    const d = await deployment(t);
    const post = (body: unknown) => postReport(t, d.groupId, d.agentKey.key, body);

    // The lock every report of agent-a takes first (two reports of one agent run one after the other);
    // nothing else waits on it.
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `automation:agent:${d.groupId}:agent-a.example.com`,
    ]);
    let responses: ApiResponse[];
    const first = post(report('agent-a', 'a0.example.com'));
    try {
      // The first report holds the only slot, waiting on the lock; of the next two one waits for the slot
      // and the other finds the queue full, whichever arrives second.
      await eventually('the first report waiting on its agent lock', async () =>
        (await sessionsWaitingOnLocks(db)) === 1 ? true : undefined,
      );
      const second = post(report('agent-b', 'b0.example.com'));
      const third = post(report('agent-c', 'c0.example.com'));
      const refused = await Promise.race([second, third]);
      expect(refused.headers['retry-after']).toBe('10');
      expectApiError(refused, 503, 'REPORTS_BACKLOGGED', [1]);
      await db.query('COMMIT');
      responses = await Promise.all([first, second, third]);
    } finally {
      await db.query('ROLLBACK').catch(() => undefined);
    }

    expect(responses.map((response) => response.status).sort()).toEqual([202, 202, 503]);
    const refusedHost = responses[1].status === 503 ? 'b0.example.com' : 'c0.example.com';
    const acceptedHost = refusedHost === 'b0.example.com' ? 'c0.example.com' : 'b0.example.com';
    const newHosts = (await projectEvents(t, d.readOnly, d.groupId, 'NEW_HOST')).map(
      (event) => event.hostname,
    );
    expect(newHosts.sort()).toEqual(['a0.example.com', acceptedHost]);
    // Once the queue moved, reports are taken again.
    expect(await post(report('agent-c', 'c1.example.com'))).toMatchObject({ status: 202 });
  });
});
