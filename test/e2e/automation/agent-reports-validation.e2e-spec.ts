import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import {
  deployment,
  getJson,
  hostReport,
  monitoringReport,
  postReport,
  startAutomationApp,
  type Deployment,
} from './automation.fixture';
import { isoSeconds } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// A refused report gets the public API's error body naming the field, and leaves nothing behind.
describe('POST /agents/v1/groups/{groupId}/reports (refused reports)', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const sample = (overrides: Record<string, unknown> = {}) => ({
    metricName: 'CONNECTIONS',
    units: 'SCALAR',
    value: 3,
    timestamp: isoSeconds(new Date()),
    ...overrides,
  });

  async function expectNothingStored(agentHostname: string) {
    const hosts = await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts`);
    expect(hosts.body.totalCount).toBe(0);
    const agents = (await projectEvents(t, d.readOnly, d.groupId, 'NEW_AGENT')).filter(
      (e) => e.hostname === agentHostname,
    );
    expect(agents).toEqual([]);
    const status = await getJson(t, d.readOnly, `/groups/${d.groupId}/automationStatus`);
    expect(status.body.processes).toEqual([]);
  }

  it.each([
    ['a missing agentType', { hostname: 'bad0', version: '1' }, 'MISSING_ATTRIBUTE', ['agentType']],
    [
      'an unknown agentType',
      { agentType: 'ROBOT', hostname: 'bad1', version: '1' },
      'INVALID_ENUM_VALUE',
      ['ROBOT', 'agentType'],
    ],
    [
      'an unknown field inside a host',
      monitoringReport([hostReport({ colour: 'red' })], { hostname: 'bad2' }),
      'INVALID_ATTRIBUTE',
      ['hosts[0].colour'],
    ],
    [
      'a port of the wrong type',
      monitoringReport([hostReport({ port: '27017' })], { hostname: 'bad3' }),
      'INVALID_JSON_ATTRIBUTE',
      ['hosts[0].port'],
    ],
    [
      'a host without up',
      monitoringReport([hostReport({ up: undefined })], { hostname: 'bad4' }),
      'MISSING_ATTRIBUTE',
      ['hosts[0].up'],
    ],
    [
      'an unknown host type',
      monitoringReport([hostReport({ typeName: 'MAINFRAME' })], { hostname: 'bad5' }),
      'INVALID_ENUM_VALUE',
      ['MAINFRAME', 'hosts[0].typeName'],
    ],
    [
      'a malformed sample time on the second host',
      monitoringReport(
        [
          hostReport(),
          hostReport({ hostname: 'db1.example.com', measurements: [sample({ timestamp: 'yesterday' })] }),
        ],
        { hostname: 'bad6' },
      ),
      'INVALID_JSON_ATTRIBUTE',
      ['hosts[1].measurements[0].timestamp'],
    ],
    [
      'a certificate expiry that is not a date',
      monitoringReport([hostReport({ sslCertificateNotAfter: 'next year' })], { hostname: 'bad7' }),
      'INVALID_JSON_ATTRIBUTE',
      ['hosts[0].sslCertificateNotAfter'],
    ],
    [
      'an IP address that is not one',
      monitoringReport([hostReport({ ipAddress: '10.0.0.300' })], { hostname: 'bad8' }),
      'VALIDATION_ERROR',
      ['hosts[0].ipAddress', 'ipAddress must be an IPv4 or IPv6 address'],
    ],
    [
      'a negative uptime',
      monitoringReport([hostReport({ uptimeMsec: -1 })], { hostname: 'bad9' }),
      'VALIDATION_ERROR',
      ['hosts[0].uptimeMsec', 'uptimeMsec must not be less than 0'],
    ],
  ])(
    'should refuse %s with the public API error naming the field',
    async (_case, body, errorCode, parameters) => {
      const response = await postReport(t, d.groupId, d.agentKey.key, body);
      expectApiError(response, 400, errorCode, parameters);
      await expectNothingStored((body as { hostname?: string }).hostname ?? '');
    },
  );

  it('should refuse malformed JSON with INVALID_JSON', async () => {
    const response = await postReport(t, d.groupId, d.agentKey.key, undefined, { rawBody: '{"agentType": ' });
    expectApiError(response, 400, 'INVALID_JSON');
  });

  it.each([
    [
      'a sample older than the retention',
      monitoringReport(
        [hostReport({ measurements: [sample(), sample({ timestamp: '2000-01-01T00:00:00Z' })] })],
        { hostname: 'old-sample' },
      ),
      ['hosts[0].measurements[1].timestamp', 'it must lie within the last 14 days and not in the future'],
    ],
    [
      'a sample from the future',
      monitoringReport(
        [hostReport({ measurements: [sample({ timestamp: isoSeconds(new Date(Date.now() + 3_600_000)) })] })],
        {
          hostname: 'future-sample',
        },
      ),
      ['hosts[0].measurements[0].timestamp', 'it must lie within the last 14 days and not in the future'],
    ],
    [
      'the same host twice',
      monitoringReport([hostReport(), hostReport({ up: false })], { hostname: 'twice' }),
      ['hosts[1]', 'duplicate host db0.example.com:27017'],
    ],
    [
      'processes from a monitoring agent',
      monitoringReport([hostReport()], {
        hostname: 'not-automation',
        processes: [{ name: 'p', hostname: 'db0.example.com', lastGoalVersionAchieved: 1 }],
      }),
      ['processes', 'only AUTOMATION agents report processes'],
    ],
  ])('should refuse %s with VALIDATION_ERROR and store nothing', async (_case, body, parameters) => {
    const response = await postReport(t, d.groupId, d.agentKey.key, body);
    expectApiError(response, 400, 'VALIDATION_ERROR', {
      parameters: parameters,
      detail: `Invalid value for ${parameters[0]}: ${parameters[1]}.`,
    });
    await expectNothingStored(body.hostname);
  });
});
