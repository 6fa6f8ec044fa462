import { randomBytes } from 'node:crypto';
import { RE2JS } from 're2js';
import { DeliveryWorker, NotificationPolicy } from '../../src/modules/deliveries';
import { call, type ApiResponse, type Credentials } from '../support/digest-client';
import { alertsOf, windowBody } from '../support/factories/alerting.fixture';
import { HttpReceiver } from '../support/receivers/http-receiver';
import { BACKGROUND_JOBS_OFF, startTestApp, type TestApp } from '../support/test-app';
import {
  deployment,
  monitoringReport,
  postReport,
  type Deployment,
} from '../e2e/automation/automation.fixture';
import { describeTimed, withHealthProbe, type Timed } from './support/health-probe';
import { expectApiError } from '../support/api-error';

// Collections a caller sends in an alert configuration, each legal on its own, sent in numbers: REGEX
// matchers (every one tested against every host of every report), templated webhook notifications (each
// rendered on save and on delivery) and notifications times hosts (one delivery row each). Each is refused
// past its cap with 400 naming the field and the limit; just under the caps, the work a report or a save
// causes stays bounded, counted here (compilations, regex searches, delivery rows), never timed.

// 30-odd characters, about 950 instructions once compiled: linear, but about 10 ms to compile and 1 ms
// per host.
const heavyPattern = (n: number) => `[a-z0-9.-]{0,240}[a-z]{0,230}${n}?`;
// About 90 instructions, distinct per n; matches every host of the reports below.
const lightPattern = (n: number) => `^[a-z0-9.-]{1,30}(?:-${n})?$`;

// About 290 characters: two searches whose matches are found again and again, each with its own pattern.
const heavyTemplate = (n: number) => {
  const pattern = (m: number) =>
    `[a-z0-9 .:-]{0,120}[a-z0-9 .:-]{0,120}[a-z0-9 .:-]{0,120}[a-z0-9 .:-]{0,120}(?:${m})?`;
  return (
    `{"a": \${re.findAllGroup(humanReadable, "${pattern(n)}", 0)}, ` +
    `"b": \${re.findAllGroup(hostnameAndPort, "${pattern(n + 100_000)}", 0)}, "c": "\${id}", "pad": "padding"}`
  );
};

const GROUP_EMAIL = { typeName: 'GROUP', emailEnabled: true, delayMin: 0, intervalMin: 60 };

const connectionsAbove = (threshold: number) => ({
  metricName: 'CONNECTIONS',
  mode: 'AVERAGE',
  operator: 'GREATER_THAN',
  threshold,
  units: 'RAW',
});

function hosts(count: number, connections?: number): Array<Record<string, unknown>> {
  const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return Array.from({ length: count }, (_, index) => ({
    hostname: `db-${String(index).padStart(2, '0')}.example.com`,
    port: 27017,
    typeName: 'REPLICA_PRIMARY',
    replicaSetName: 'rs0',
    up: true,
    ...(connections === undefined
      ? {}
      : { measurements: [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: connections, timestamp }] }),
  }));
}

describe('POST /groups/{groupId}/alertConfigs with hostile collections', () => {
  let t: TestApp;
  let receiver: HttpReceiver;
  const figures: string[] = [];

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp({
      OUTBOUND_ALLOWLIST: '127.0.0.1:*',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...BACKGROUND_JOBS_OFF,
      // Two reports in one test see the same loaded configurations, however slow the machine.
      ALERT_ENGINE_CONFIG_CACHE_MS: '600000',
    });
  }, 120000);

  afterAll(async () => {
    process.stdout.write(`hostile collections:\n${figures.map((line) => `  ${line}\n`).join('')}`);
    await t?.close();
    await receiver?.close();
  });

  const timed = async <T>(what: string, work: () => Promise<T>): Promise<Timed<T>> => {
    const result = await withHealthProbe(t.baseUrl, work);
    figures.push(describeTimed(what, result));
    return result;
  };

  const configsUrl = (d: Deployment) => `${t.apiUrl}/groups/${d.groupId}/alertConfigs`;
  const postConfig = (d: Deployment, body: Record<string, unknown>) =>
    call('POST', configsUrl(d), {
      auth: d.monitoringAdmin,
      body: { enabled: true, ...body },
    });
  const putConfig = (d: Deployment, id: string, body: Record<string, unknown>) =>
    call('PUT', `${configsUrl(d)}/${id}`, { auth: d.monitoringAdmin, body: { enabled: true, ...body } });
  const report = (d: Deployment, count: number, connections?: number) =>
    postReport(t, d.groupId, d.agentKey.key, monitoringReport(hosts(count, connections)));

  const metricConfig = (matchers: Array<Record<string, string>>) => ({
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    matchers,
    metricThreshold: connectionsAbove(1_000_000),
    notifications: [GROUP_EMAIL],
  });
  const regexMatchers = (patterns: string[]) =>
    patterns.map((value) => ({ fieldName: 'HOSTNAME', operator: 'REGEX', value }));
  const webhook = (path: string, template?: string) => ({
    typeName: 'WEBHOOK',
    webhookUrl: receiver.url(path),
    ...(template === undefined ? {} : { webhookBodyTemplate: template }),
    delayMin: 0,
    intervalMin: 60,
  });

  async function totalDeliveries(d: Deployment, auth: Credentials = d.readOnly): Promise<number> {
    const response: ApiResponse<{ totalCount: number }> = await call(
      'GET',
      `${t.apiUrl}/groups/${d.groupId}/deliveries?itemsPerPage=1`,
      { auth },
    );
    expect(response.status).toBe(200);
    return response.body.totalCount;
  }

  describe('matchers', () => {
    it('should refuse 730 heavy REGEX matchers with 400 naming matchers and the limit when posted or put', async () => {
      const d = await deployment(t);
      const attack = metricConfig(regexMatchers(Array.from({ length: 730 }, (_, n) => heavyPattern(n))));
      expect(JSON.stringify(attack).length).toBeGreaterThan(63_000);
      const posted = await timed('POST alertConfigs with 730 heavy REGEX matchers', () =>
        postConfig(d, attack),
      );
      expectApiError(posted.result, 400, 'VALIDATION_ERROR', ['matchers', 'at most 20 matchers']);

      const created = await postConfig(d, metricConfig([]));
      expect(created.status).toBe(201);
      const put = await timed('PUT alertConfigs with 730 heavy REGEX matchers', () =>
        putConfig(d, created.body.id, attack),
      );
      expect(put.result.status).toBe(400);
      expect(put.result.body.parameters).toEqual(['matchers', 'at most 20 matchers']);
    });

    it('should refuse 21 matchers, or REGEX matchers over 2,000 instructions together, on configurations and maintenance windows', async () => {
      const d = await deployment(t);
      const light = regexMatchers(Array.from({ length: 21 }, (_, n) => lightPattern(n)));
      const threeHeavy = regexMatchers([heavyPattern(1), heavyPattern(2), heavyPattern(3)]);
      const tooMany = await postConfig(d, metricConfig(light));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.parameters).toEqual(['matchers', 'at most 20 matchers']);
      const tooHeavy = await postConfig(d, metricConfig(threeHeavy));
      expectApiError(tooHeavy, 400, 'VALIDATION_ERROR', [
        'matchers',
        expect.stringMatching(/more than 2000 instructions/),
      ]);
      // Just under both caps: accepted.
      expect((await postConfig(d, metricConfig(light.slice(0, 20)))).status).toBe(201);
      expect((await postConfig(d, metricConfig(threeHeavy.slice(0, 2)))).status).toBe(201);

      const windowsUrl = `${t.apiUrl}/groups/${d.groupId}/maintenanceWindows`;
      for (const matchers of [light, threeHeavy]) {
        const window = await call('POST', windowsUrl, {
          auth: d.groupOwner,
          body: windowBody(new Date(), { alertTypeNames: ['HOST'], matchers }),
        });
        expect(window.status).toBe(400);
        expect(window.body.parameters[0]).toBe('matchers');
        expect(window.body.parameters[1]).toMatch(/at most 20 matchers|more than 2000 instructions/);
      }
    });

    it('should compile each REGEX matcher once and test it once per host when reports about the same hosts arrive', async () => {
      const d = await deployment(t);
      // 16 configurations of 20 distinct patterns: more patterns than a shared cache of recent ones holds.
      for (let config = 0; config < 16; config++) {
        const patterns = Array.from({ length: 20 }, (_, n) => lightPattern(config * 20 + n));
        const created = await postConfig(d, metricConfig(regexMatchers(patterns)));
        expect(created.status).toBe(201);
      }
      const heavy = await postConfig(d, metricConfig(regexMatchers([heavyPattern(8), heavyPattern(9)])));
      expect(heavy.status).toBe(201);
      const compile = jest.spyOn(RE2JS, 'compile');
      const search = jest.spyOn(RE2JS.prototype, 'matcher');
      try {
        const first = await timed('agent report of 20 hosts, 17 configurations of REGEX matchers', () =>
          report(d, 20),
        );
        expect(first.result.status).toBe(202);
        // At most once per pattern (fewer when still cached from the save), once per pattern and host.
        expect(compile.mock.calls.length).toBeLessThanOrEqual(322);
        expect(search.mock.calls.length).toBeLessThanOrEqual(322 * 20);
        compile.mockClear();
        search.mockClear();
        const second = await timed('the same report again', () => report(d, 20));
        expect(second.result.status).toBe(202);
        expect(compile.mock.calls.length).toBe(0);
        expect(search.mock.calls.length).toBe(0);
      } finally {
        compile.mockRestore();
        search.mockRestore();
      }
    });
  });

  describe('notifications', () => {
    it('should refuse 70 templated webhook notifications with 400 naming notifications and the limit when posted or put', async () => {
      const d = await deployment(t);
      const body = {
        eventTypeName: 'HOST_DOWN',
        notifications: Array.from({ length: 70 }, (_, n) => webhook(`/seventy/${n}`, heavyTemplate(n))),
      };
      expect(heavyTemplate(0).length).toBeGreaterThanOrEqual(280);
      const posted = await timed('POST alertConfigs with 70 templated webhook notifications', () =>
        postConfig(d, body),
      );
      expectApiError(posted.result, 400, 'VALIDATION_ERROR', ['notifications', 'at most 25 notifications']);
      const created = await postConfig(d, { eventTypeName: 'HOST_DOWN', notifications: [GROUP_EMAIL] });
      expect(created.status).toBe(201);
      const put = await timed('PUT alertConfigs with 70 templated webhook notifications', () =>
        putConfig(d, created.body.id, body),
      );
      expect(put.result.status).toBe(400);
      expect(put.result.body.parameters).toEqual(['notifications', 'at most 25 notifications']);
    });

    it('should refuse 25 heavy templates that fit one by one but not together, naming the first that does not fit', async () => {
      const d = await deployment(t);
      const body = {
        eventTypeName: 'HOST_DOWN',
        notifications: Array.from({ length: 25 }, (_, n) => webhook(`/heavy/${n}`, heavyTemplate(1_000 + n))),
      };
      // Alone, each is within a template's limits.
      const alone = await postConfig(d, { ...body, notifications: body.notifications.slice(0, 1) });
      expect(alone.status).toBe(201);
      const together = await timed('POST alertConfigs with 25 heavy templates', () => postConfig(d, body));
      expectApiError(together.result, 400, 'VALIDATION_ERROR');
      const [field, reason] = together.result.body.parameters as [string, string];
      const index = Number(/^notifications\[(\d+)\]\.webhookBodyTemplate$/.exec(field)?.[1]);
      expect(index).toBeGreaterThan(0);
      expect(index).toBeLessThan(25);
      expect(reason).toMatch(/together cannot render within the limits of one template/);
    });

    it('should accept 25 templated notifications within the shared limits and deliver each once', async () => {
      const d = await deployment(t);
      const template = (n: number) =>
        `{"n": ${n}, "id": "\${id}", "host": "\${re.group(hostnameAndPort, "^([^:]+):", 1)}"}`;
      const created = await postConfig(d, {
        eventTypeName: 'HOST_DOWN',
        notifications: Array.from({ length: 25 }, (_, n) => webhook(`/fine/${n}`, template(n))),
      });
      expect(created.status).toBe(201);
      await alertsOf(t).open({
        groupId: d.groupId,
        alertConfigId: created.body.id,
        eventTypeName: 'HOST_DOWN',
        hostId: randomBytes(12).toString('hex'),
        hostnameAndPort: 'db0.example.com:27017',
      });
      const delivered = await timed('delivery of one alert to 25 templated webhooks', () =>
        t.app.get(DeliveryWorker).runDue(),
      );
      expect(delivered.result).toBe(25);
      const received = receiver.requests.filter((request) => request.path.startsWith('/fine/'));
      expect(received.map((request) => (request.json() as { n: number }).n).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 25 }, (_, n) => n),
      );
    });
  });

  describe('deliveries', () => {
    it('should refuse 300 notifications with 400 naming notifications and the limit', async () => {
      const d = await deployment(t);
      const body = {
        ...metricConfig([]),
        metricThreshold: connectionsAbove(1),
        notifications: Array.from({ length: 300 }, (_, n) => webhook(`/amplified/${n}`)),
      };
      expect(JSON.stringify(body).length).toBeGreaterThan(30_000);
      const posted = await timed('POST alertConfigs with 300 notifications', () => postConfig(d, body));
      expect(posted.result.status).toBe(400);
      expect(posted.result.body.parameters).toEqual(['notifications', 'at most 25 notifications']);
    });

    it('should create at most 500 delivery rows per project for one report and leave the rest due for the sweeps', async () => {
      const d = await deployment(t);
      // Two configurations of 25 notifications, 20 hosts over the threshold: 1,000 notifications due.
      for (const config of ['a', 'b']) {
        const created = await postConfig(d, {
          ...metricConfig([]),
          metricThreshold: connectionsAbove(1),
          notifications: Array.from({ length: 25 }, (_, n) => webhook(`/amplified/${config}/${n}`)),
        });
        expect(created.status).toBe(201);
      }
      const reported = await timed('agent report of 20 hosts opening 40 alerts of 25 notifications', () =>
        report(d, 20, 100),
      );
      expect(reported.result.status).toBe(202);
      const alerts: ApiResponse<{ totalCount: number }> = await call(
        'GET',
        `${t.apiUrl}/groups/${d.groupId}/alerts?status=OPEN&itemsPerPage=1`,
        { auth: d.readOnly },
      );
      expect(alerts.body.totalCount).toBe(40);
      expect(await totalDeliveries(d)).toBe(500);

      const policy = t.app.get(NotificationPolicy);
      const swept = await timed('notification sweep of the 500 notifications left', () => policy.runSweep());
      expect(swept.result).toBe(500);
      expect(await totalDeliveries(d)).toBe(1_000);
      expect(await policy.runSweep()).toBe(0);
      expect(await totalDeliveries(d)).toBe(1_000);
    });
  });

  describe('other collections', () => {
    it('should refuse role lists longer than the roles there are with 400 naming the field and the limit', async () => {
      const d = await deployment(t);
      const orgRoles = ['ORG_OWNER', 'ORG_MEMBER', 'ORG_GROUP_CREATOR', 'ORG_READ_ONLY'];
      const key = await call('POST', `${t.apiUrl}/orgs/${d.orgId}/apiKeys`, {
        auth: d.orgOwner,
        body: { desc: 'many roles', roles: [...orgRoles, 'ORG_MEMBER'] },
      });
      expectApiError(key, 400, 'VALIDATION_ERROR', ['roles', 'at most 4 roles']);
      const roles = Array.from({ length: 13 }, () => 'GROUP_OWNER');
      const config = await postConfig(d, {
        eventTypeName: 'HOST_DOWN',
        notifications: [{ ...GROUP_EMAIL, roles }],
      });
      expect(config.status).toBe(400);
      expect(config.body.parameters).toEqual(['notifications[0].roles', 'at most 12 roles']);
    });
  });
});
