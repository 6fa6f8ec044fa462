import { EventEmitter2 } from '@nestjs/event-emitter';
import { projectEvents } from '../../support/factories/alerting.fixture';
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
import { isoSeconds } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// A report is one transaction with the events it derives: if recording one fails, nothing of it stays.
describe('POST /agents/v1/groups/{groupId}/reports when an event listener fails', () => {
  let t: TestApp;
  let d: Deployment;
  let emitter: EventEmitter2;
  const fail = (): never => {
    throw new Error('injected listener failure');
  };

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
    emitter = t.app.get(EventEmitter2);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should store no agent, host, disk or data point when the NEW_HOST listener fails', async () => {
    const body = monitoringReport(
      [
        hostReport({
          disks: [{ partitionName: 'xvdf' }],
          measurements: [
            { metricName: 'CONNECTIONS', units: 'SCALAR', value: 7, timestamp: isoSeconds(new Date()) },
          ],
        }),
      ],
      { hostname: 'doomed-agent' },
    );
    emitter.on('domain.NEW_HOST', fail);
    try {
      const response = await postReport(t, d.groupId, d.agentKey.key, body);
      expectApiError(response, 500, 'UNEXPECTED_ERROR');
    } finally {
      emitter.off('domain.NEW_HOST', fail);
    }
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`)).body.totalCount).toBe(0);
    expect(await projectEvents(t, d.readOnly, d.groupId, 'NEW_AGENT')).toEqual([]);

    // The same report goes through afterwards, as a first sight: the failed one left no trace.
    await report(t, d, body);
    const host = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/db0.example.com:27017`))
      .body;
    const measurements = await getJson(
      t,
      d.readOnly,
      `/groups/${d.groupId}/hosts/${host.id}/measurements?granularity=PT1M&period=PT1H`,
    );
    expect(measurements.body.measurements).toEqual([
      { name: 'CONNECTIONS', units: 'SCALAR', dataPoints: [expect.objectContaining({ value: 7 })] },
    ]);
    expect(await projectEvents(t, d.readOnly, d.groupId, 'NEW_AGENT')).toHaveLength(1);
    expect(await projectEvents(t, d.readOnly, d.groupId, 'NEW_HOST')).toHaveLength(1);
  });
});
