import { randomBytes } from 'node:crypto';
import { DeliveryWorker } from '../../src/modules/deliveries';
import { call, type ApiResponse } from '../support/digest-client';
import { alertsOf } from '../support/factories/alerting.fixture';
import { HttpReceiver } from '../support/receivers/http-receiver';
import { BACKGROUND_JOBS_OFF, startTestApp, type TestApp } from '../support/test-app';
import { describeTimed, withHealthProbe as probeHealth, type Timed } from './support/health-probe';
import { seed, type Seeded } from './support/seed';
import { apiErrorBody, expectApiError } from '../support/api-error';

// Findings 1 and 2 of the hostile-input review, replayed over real HTTP: a webhook template that grows
// faster than any cap (it used to exhaust the heap), and a backtracking REGEX matcher against an agent's
// hostname (it used to block the event loop for 32 s). Each answers quickly and /health keeps answering.

function nested(inner: string, times: number): string {
  let expression = inner;
  for (let i = 0; i < times; i++) expression = `re.findAllGroup(${expression}, "", 0)`;
  return expression;
}

// The reported attack: about 1,200 characters, findAllGroup(..., "", 0) nested a few times.
const ATTACK_TEMPLATE = `{"grown": "\${${nested('humanReadable', 6)}}", "padding": "${'p'.repeat(1_000)}"}`;

describe('Hostile templates and patterns', () => {
  let t: TestApp;
  let seeded: Seeded;
  let receiver: HttpReceiver;
  const figures: string[] = [];

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({
      OUTBOUND_ALLOWLIST: '127.0.0.1',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...BACKGROUND_JOBS_OFF,
    });
    seeded = await seed(t);
  }, 120000);

  afterAll(async () => {
    process.stdout.write(`hostile templates and patterns:\n${figures.map((line) => `  ${line}\n`).join('')}`);
    await t?.close();
    await receiver?.close();
  });

  const withHealthProbe = <T>(work: () => Promise<T>): Promise<Timed<T>> => probeHealth(t.baseUrl, work);

  function record(what: string, timed: Timed<unknown>): void {
    figures.push(describeTimed(what, timed));
  }

  const agentAuthorization = () =>
    `Basic ${Buffer.from(`${seeded.groupId}:${seeded.agentKey.key}`).toString('base64')}`;

  const webhook = (template: string, path: string) => ({
    typeName: 'WEBHOOK',
    webhookUrl: receiver.url(path),
    webhookBodyTemplate: template,
    delayMin: 0,
    intervalMin: 60,
  });

  it('should refuse the findAllGroup template of a GROUP_MONITORING_ADMIN with 400 naming the field on POST and PUT', async () => {
    expect(ATTACK_TEMPLATE.length).toBeGreaterThan(1_100);
    const post = await withHealthProbe(() =>
      call('POST', `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`, {
        auth: seeded.monitoringAdmin,
        body: {
          eventTypeName: 'HOST_DOWN',
          enabled: true,
          notifications: [webhook(ATTACK_TEMPLATE, '/attack')],
        },
      }),
    );
    record('POST alertConfigs with the findAllGroup template', post);
    expectApiError(post.result, 400, 'VALIDATION_ERROR', [
      'notifications[0].webhookBodyTemplate',
      expect.stringMatching(/cannot render within the limits/),
    ]);

    const created: ApiResponse<{ id: string }> = await call(
      'POST',
      `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`,
      {
        auth: seeded.monitoringAdmin,
        body: {
          eventTypeName: 'HOST_DOWN',
          enabled: true,
          notifications: [webhook('{"ok": true}', '/fine')],
        },
      },
    );
    expect(created.status).toBe(201);
    const put = await withHealthProbe(() =>
      call('PUT', `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs/${created.body.id}`, {
        auth: seeded.monitoringAdmin,
        body: {
          eventTypeName: 'HOST_DOWN',
          enabled: true,
          notifications: [webhook(ATTACK_TEMPLATE, '/attack')],
        },
      }),
    );
    record('PUT alertConfigs with the findAllGroup template', put);
    expect(put.result.status).toBe(400);
    expect(put.result.body.parameters[0]).toBe('notifications[0].webhookBodyTemplate');
  });

  it('should record a delivery as failed, without sending, when a template that passed the save-time probe exceeds the limits for the real alert', async () => {
    // Against the representative alert (a 21-character hostnameAndPort) this renders about 1,900
    // characters; for a 60-character one, its fourth level finds more than 1,000 matches.
    const template = `{"grown": \${${nested('hostnameAndPort', 4)}}}`;
    const created: ApiResponse<{ id: string }> = await call(
      'POST',
      `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`,
      {
        auth: seeded.monitoringAdmin,
        body: { eventTypeName: 'HOST_DOWN', enabled: true, notifications: [webhook(template, '/grows')] },
      },
    );
    expect(created.status).toBe(201);
    const hostname = `${'h'.repeat(40)}.example.com`;
    const alert = await alertsOf(t).open({
      groupId: seeded.groupId,
      alertConfigId: created.body.id,
      eventTypeName: 'HOST_DOWN',
      hostId: randomBytes(12).toString('hex'),
      hostnameAndPort: `${hostname}:27017`,
    });

    const delivered = await withHealthProbe(() => t.app.get(DeliveryWorker).runDue());
    record('delivery of a template over the limits for the real alert', delivered);
    expect(receiver.requests.filter((request) => request.path === '/grows')).toEqual([]);

    const deliveries: ApiResponse<{ results: Array<Record<string, any>> }> = await call(
      'GET',
      `${t.apiUrl}/groups/${seeded.groupId}/deliveries?alertId=${alert.id}`,
      { auth: seeded.readOnly },
    );
    expect(deliveries.status).toBe(200);
    const [delivery] = deliveries.body.results;
    expect(delivery).toMatchObject({ status: 'FAILED', attemptCount: 1 });
    expect(delivery.attempts[0]).toMatchObject({
      outcome: 'FAILED',
      error: expect.stringMatching(/^webhookBodyTemplate: .*(matches|too much work|exceeds)/),
    });
    expect((await call('GET', `${t.baseUrl}/health`)).status).toBe(200);
  });

  it('should refuse a pattern RE2 cannot run with 400 naming the matcher value', async () => {
    for (const pattern of ['(a)\\1', 'db(?=0)', '(unclosed']) {
      const response = await call('POST', `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`, {
        auth: seeded.monitoringAdmin,
        body: {
          eventTypeName: 'HOST_DOWN',
          enabled: true,
          matchers: [{ fieldName: 'HOSTNAME', operator: 'REGEX', value: pattern }],
          notifications: [{ typeName: 'GROUP', emailEnabled: true, delayMin: 0, intervalMin: 60 }],
        },
      });
      expectApiError(response, 400, 'VALIDATION_ERROR', ['matchers[0].value', expect.any(String)]);
    }
  });

  it('should answer agent reports when a ^(a+)+$ matcher meets 31- and 61-character hostnames', async () => {
    const config = await call('POST', `${t.apiUrl}/groups/${seeded.groupId}/alertConfigs`, {
      auth: seeded.monitoringAdmin,
      body: {
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        enabled: true,
        matchers: [{ fieldName: 'HOSTNAME', operator: 'REGEX', value: '^(a+)+$' }],
        metricThreshold: {
          metricName: 'ASSERT_REGULAR',
          operator: 'GREATER_THAN',
          threshold: 1,
          units: 'RAW',
          mode: 'AVERAGE',
        },
        notifications: [{ typeName: 'GROUP', emailEnabled: true, delayMin: 0, intervalMin: 60 }],
      },
    });
    expect(config.status).toBe(201);
    // 29 'a's then '.x': a backtracking engine tries 2^29 ways before giving up.
    const hostname = `${'a'.repeat(29)}.x`;
    expect(hostname).toHaveLength(31);
    const report = await withHealthProbe(() =>
      call('POST', `${t.baseUrl}/agents/v1/groups/${seeded.groupId}/reports`, {
        headers: { authorization: agentAuthorization() },
        body: {
          agentType: 'MONITORING',
          hostname: 'agent1.example.com',
          version: '107.0.0.8465-1',
          hosts: [{ hostname, port: 27017, typeName: 'STANDALONE', up: true }],
        },
      }),
    );
    record('agent report with a 31-character hostname against ^(a+)+$', report);
    expect(report.result.status).toBe(202);
    // A 61-character label: about 2^59 steps for a backtracking engine, far beyond any test timeout,
    // so this answers only because the matcher runs in linear time (no clock is read to tell).
    const longer = await call('POST', `${t.baseUrl}/agents/v1/groups/${seeded.groupId}/reports`, {
      headers: { authorization: agentAuthorization() },
      body: {
        agentType: 'MONITORING',
        hostname: 'agent1.example.com',
        version: '107.0.0.8465-1',
        hosts: [{ hostname: `${'a'.repeat(61)}.x`, port: 27017, typeName: 'STANDALONE', up: true }],
      },
    });
    expect(longer.status).toBe(202);
  });

  it('should refuse hostnames that are not DNS names or IP literals with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['-bad.example.com', 'hosts[0].hostname'],
      [`${'a'.repeat(64)}.example.com`, 'hosts[0].hostname'],
      ['db_0.example.com', 'hosts[0].hostname'],
      [`${'abcdefghi.'.repeat(25)}abcd`, 'hosts[0].hostname'],
    ];
    for (const [hostname, field] of cases) {
      const response = await call('POST', `${t.baseUrl}/agents/v1/groups/${seeded.groupId}/reports`, {
        headers: { authorization: agentAuthorization() },
        body: {
          agentType: 'MONITORING',
          hostname: 'agent1.example.com',
          version: '107.0.0.8465-1',
          hosts: [{ hostname, port: 27017, typeName: 'STANDALONE', up: true }],
        },
      });
      expect({ hostname, status: response.status, body: response.body as unknown }).toEqual({
        hostname,
        status: 400,
        body: apiErrorBody(400, 'VALIDATION_ERROR', { parameters: [field, expect.any(String)] }),
      });
    }
    const ip = await call('POST', `${t.apiUrl}/groups/${seeded.groupId}/hosts`, {
      auth: seeded.boot.globalKey,
      body: { hostname: 'not a host', port: 27017 },
    });
    expectApiError(ip, 400, 'VALIDATION_ERROR', ['hostname', expect.any(String)]);
  });
});
