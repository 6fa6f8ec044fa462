import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  postReport,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';
import { expectApiError } from '../../support/api-error';

// One report created 1,000 hosts and 1,000 permanent events. The caps refuse such growth
// with a clear error, and nothing of a refused report is kept.

const NEW_PER_REPORT = 3;
const PER_PROJECT = 4;
const EVENTS_PER_REPORT = 5;

const hosts = (prefix: string, count: number, up = true) =>
  Array.from({ length: count }, (_, i) => hostReport({ hostname: `${prefix}${i}.example.com`, up }));

describe('POST /agents/v1/groups/{groupId}/reports past the growth caps', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startAutomationApp(undefined, {
      MAX_NEW_HOSTS_PER_REPORT: String(NEW_PER_REPORT),
      MAX_HOSTS_PER_PROJECT: String(PER_PROJECT),
      MAX_EVENTS_PER_REPORT: String(EVENTS_PER_REPORT),
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const hostCount = async (d: Deployment): Promise<number> => {
    const response = await getJson<{ totalCount: number }>(t, d.readOnly, `/groups/${d.groupId}/hosts`);
    expect(response.status).toBe(200);
    return response.body.totalCount;
  };

  it('should refuse a report adding more new hosts than MAX_NEW_HOSTS_PER_REPORT with 400 TOO_MANY_NEW_HOSTS', async () => {
    const d = await deployment(t);
    const response = await postReport(
      t,
      d.groupId,
      d.agentKey.key,
      monitoringReport(hosts('db', NEW_PER_REPORT + 1)),
    );
    expectApiError(response, 400, 'TOO_MANY_NEW_HOSTS', [NEW_PER_REPORT, NEW_PER_REPORT + 1]);
    expect(await hostCount(d)).toBe(0);
  });

  it('should refuse growth past MAX_HOSTS_PER_PROJECT with 409, by report and by POST /hosts', async () => {
    const d = await deployment(t);
    await report(t, d, monitoringReport(hosts('a', NEW_PER_REPORT)));
    expect(await hostCount(d)).toBe(NEW_PER_REPORT);

    const tooMany = await postReport(t, d.groupId, d.agentKey.key, monitoringReport(hosts('b', 2)));
    expectApiError(tooMany, 409, 'MAX_HOSTS_PER_GROUP_EXCEEDED', [PER_PROJECT, NEW_PER_REPORT, 2]);
    expect(await hostCount(d)).toBe(NEW_PER_REPORT);

    // Reports about hosts already known are not growth.
    await report(t, d, monitoringReport(hosts('a', NEW_PER_REPORT)));
    const last = await call('POST', `${t.apiUrl}/groups/${d.groupId}/hosts`, {
      auth: d.monitoringAdmin,
      body: { hostname: 'added.example.com', port: 27017 },
    });
    expect(last.status).toBe(201);
    const past = await call('POST', `${t.apiUrl}/groups/${d.groupId}/hosts`, {
      auth: d.monitoringAdmin,
      body: { hostname: 'one-more.example.com', port: 27017 },
    });
    expectApiError(past, 409, 'MAX_HOSTS_PER_GROUP_EXCEEDED');
    expect(await hostCount(d)).toBe(PER_PROJECT);
  });

  it('should refuse a report deriving more events than MAX_EVENTS_PER_REPORT with 400 TOO_MANY_EVENTS_IN_REPORT', async () => {
    const d = await deployment(t);
    // Three new hosts reported down: NEW_HOST and HOST_DOWN each, six events.
    const response = await postReport(
      t,
      d.groupId,
      d.agentKey.key,
      monitoringReport(hosts('down', 3, false)),
    );
    expectApiError(response, 400, 'TOO_MANY_EVENTS_IN_REPORT');
    expect(await hostCount(d)).toBe(0);
    const events = await getJson<{ results: Array<{ eventTypeName: string }> }>(
      t,
      d.readOnly,
      `/groups/${d.groupId}/events?eventType=NEW_HOST`,
    );
    expect(events.body.results).toEqual([]);
  });
});
