import { ManualClock } from '../../../src/platform/clock/clock';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  partitionsOf,
  report,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';
import { expectApiError } from '../../support/api-error';

const T0 = new Date('2024-01-15T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

describe('GET /groups/{groupId}/hosts/{hostId}/measurements', () => {
  const clock = new ManualClock(new Date('2024-01-15T10:10:00Z'));
  let t: TestApp;
  let d: Deployment;
  let hostId: string;

  beforeAll(async () => {
    t = await startAutomationApp(clock, { MEASUREMENT_RETENTION_DAYS: '3' });
    d = await deployment(t);
    // Two reports of one host, 10 x 3 samples a minute apart, plus one sample of the previous day.
    const samples = (from: number) =>
      Array.from({ length: 5 }, (_, i) => from + i).flatMap((minute) => [
        { metricName: 'CONNECTIONS', units: 'SCALAR', value: 10 + minute, timestamp: at(minute) },
        {
          metricName: 'OPCOUNTER_QUERY',
          units: 'SCALAR_PER_SECOND',
          value: minute * 2,
          timestamp: at(minute),
        },
        { metricName: 'MEMORY_RESIDENT', units: 'MEGABYTES', value: 512, timestamp: at(minute) },
      ]);
    await report(t, d, monitoringReport([hostReport({ measurements: samples(0) })]));
    await report(
      t,
      d,
      monitoringReport([
        hostReport({
          measurements: [
            ...samples(5),
            { metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp: '2024-01-14T23:59:00Z' },
          ],
        }),
      ]),
    );
    hostId = (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/db0.example.com:27017`)).body
      .id;
  });

  afterAll(async () => {
    await t.close();
  });

  const read = (query: string) =>
    getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/${hostId}/measurements?${query}`);

  it("should read one metric back by period at PT1M in the product's shape", async () => {
    const response = await read('granularity=PT1M&period=PT10M&m=CONNECTIONS');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      groupId: d.groupId,
      hostId,
      processId: 'db0.example.com:27017',
      granularity: 'PT1M',
      start: '2024-01-15T10:00:00Z',
      end: '2024-01-15T10:10:00Z',
      measurements: [
        {
          name: 'CONNECTIONS',
          units: 'SCALAR',
          dataPoints: Array.from({ length: 10 }, (_, minute) => ({
            timestamp: at(minute).replace('.000', ''),
            value: 10 + minute,
          })),
        },
      ],
      links: [{ rel: 'self', href: `${t.apiUrl}/groups/${d.groupId}/hosts/${hostId}/measurements` }],
    });
  });

  it('should average samples per PT5M bucket for every metric when m is omitted', async () => {
    const response = await read('granularity=PT5M&period=PT10M');
    const byName = Object.fromEntries(
      (response.body.measurements as Array<{ name: string; units: string; dataPoints: unknown[] }>).map(
        (m) => [m.name, m],
      ),
    );
    expect(Object.keys(byName).sort()).toEqual(['CONNECTIONS', 'MEMORY_RESIDENT', 'OPCOUNTER_QUERY']);
    expect(byName.CONNECTIONS.dataPoints).toEqual([
      { timestamp: '2024-01-15T10:00:00Z', value: 12 },
      { timestamp: '2024-01-15T10:05:00Z', value: 17 },
    ]);
    expect(byName.OPCOUNTER_QUERY).toEqual({
      name: 'OPCOUNTER_QUERY',
      units: 'SCALAR_PER_SECOND',
      dataPoints: [
        { timestamp: '2024-01-15T10:00:00Z', value: 4 },
        { timestamp: '2024-01-15T10:05:00Z', value: 14 },
      ],
    });
  });

  it('should read a start..end window of several metrics, leaving the end out', async () => {
    const response = await read(
      'granularity=P1D&start=2024-01-14T00:00:00Z&end=2024-01-15T10:05:00Z&m=CONNECTIONS&m=MEMORY_RESIDENT',
    );
    expect(response.body).toMatchObject({ start: '2024-01-14T00:00:00Z', end: '2024-01-15T10:05:00Z' });
    expect(response.body.measurements).toEqual([
      {
        name: 'CONNECTIONS',
        units: 'SCALAR',
        dataPoints: [
          { timestamp: '2024-01-14T00:00:00Z', value: 1 },
          { timestamp: '2024-01-15T00:00:00Z', value: 12 },
        ],
      },
      {
        name: 'MEMORY_RESIDENT',
        units: 'MEGABYTES',
        dataPoints: [{ timestamp: '2024-01-15T00:00:00Z', value: 512 }],
      },
    ]);
  });

  it('should keep one data point when a sample is reported twice, the last value winning', async () => {
    await report(
      t,
      d,
      monitoringReport([
        hostReport({
          measurements: [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: 100, timestamp: at(9) }],
        }),
      ]),
    );
    const response = await read(
      'granularity=PT1M&start=2024-01-15T10:09:00Z&end=2024-01-15T10:10:00Z&m=CONNECTIONS',
    );
    expect(response.body.measurements[0].dataPoints).toEqual([
      { timestamp: '2024-01-15T10:09:00Z', value: 100 },
    ]);
  });

  it('should merge a re-sent instant carrying some of its metrics, the units sent last winning', async () => {
    await report(
      t,
      d,
      monitoringReport([
        hostReport({
          measurements: [{ metricName: 'MEMORY_RESIDENT', units: 'GIGABYTES', value: 0.5, timestamp: at(8) }],
        }),
      ]),
    );
    const response = await read('granularity=PT1M&start=2024-01-15T10:08:00Z&end=2024-01-15T10:09:00Z');
    expect(response.body.measurements).toEqual([
      {
        name: 'CONNECTIONS',
        units: 'SCALAR',
        dataPoints: [{ timestamp: '2024-01-15T10:08:00Z', value: 18 }],
      },
      {
        name: 'MEMORY_RESIDENT',
        units: 'GIGABYTES',
        dataPoints: [{ timestamp: '2024-01-15T10:08:00Z', value: 0.5 }],
      },
      {
        name: 'OPCOUNTER_QUERY',
        units: 'SCALAR_PER_SECOND',
        dataPoints: [{ timestamp: '2024-01-15T10:08:00Z', value: 16 }],
      },
    ]);
  });

  it('should answer an empty list of measurements for a metric never reported', async () => {
    expect((await read('granularity=PT1M&period=PT10M&m=ASSERT_REGULAR')).body.measurements).toEqual([]);
  });

  it.each([
    ['period=PT1H', 'MISSING_QUERY_PARAMETER', ['granularity']],
    ['granularity=PT10S&period=PT1H', 'INVALID_QUERY_PARAMETER', ['granularity']],
    ['granularity=PT1M', 'MISSING_QUERY_PARAMETER', ['period']],
    [
      'granularity=PT1M&period=PT1H&start=2024-01-15T09:00:00Z',
      'MUTUALLY_EXCLUSIVE_QUERY_PARAMETERS',
      ['period', 'start'],
    ],
    ['granularity=PT1M&period=P1M', 'INVALID_QUERY_PARAMETER', ['period']],
    ['granularity=PT1M&start=2024-01-15T09:00:00Z', 'MISSING_QUERY_PARAMETER', ['end']],
    ['granularity=PT1M&period=P30D', 'INVALID_QUERY_PARAMETER', ['granularity']],
    ['granularity=PT1M&period=PT1H&m=connections', 'INVALID_QUERY_PARAMETER', ['m']],
  ])('should refuse %s with 400 %s', async (query, errorCode, parameters) => {
    const response = await read(query);
    expectApiError(response, 400, errorCode);
    expect(response.body.parameters.slice(0, parameters.length)).toEqual(parameters);
  });

  it('should answer HOST_NOT_FOUND for an unknown host', async () => {
    const missing = '0123456789abcdef01234567';
    const response = await getJson(
      t,
      d.readOnly,
      `/groups/${d.groupId}/hosts/${missing}/measurements?granularity=PT1M&period=PT1H`,
    );
    expectApiError(response, 404, 'HOST_NOT_FOUND', {
      detail: `No host with ID ${missing} exists in group ${d.groupId}.`,
    });
  });

  it('should drop whole days once older than the retention and its grace, and keep the rest', async () => {
    clock.set(new Date('2024-01-18T00:05:01Z'));
    expect(await partitionsOf(t).prune()).toEqual(['measurements_p20240114']);
    const response = await read(
      'granularity=P1D&start=2024-01-14T00:00:00Z&end=2024-01-16T00:00:00Z&m=CONNECTIONS',
    );
    expect(response.body.measurements[0].dataPoints).toEqual([
      { timestamp: '2024-01-15T00:00:00Z', value: 22.6 },
    ]);
    clock.set(new Date('2024-01-19T00:05:00Z'));
    expect(await partitionsOf(t).prune()).toEqual(['measurements_p20240115']);
    expect((await read('granularity=P1D&period=P7D')).body.measurements).toEqual([]);
  });
});
