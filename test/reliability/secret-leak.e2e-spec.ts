import { randomBytes } from 'node:crypto';
import { request } from '../support/checked-request';
import { call, type ApiResponse, type Credentials } from '../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
} from '../support/factories/identity.fixture';
import { createFederation, createIdp } from '../e2e/federation/federation.fixture';
import { startCapturedApp, type CapturedApp } from './support/captured-app';

// A representative flow creating every kind of secret the service holds, with the logs captured at
// trace level; then the logs, every error body and every event (includeRaw=true) are searched for
// each secret in full.

const secret = (label: string): string => `${label}-${randomBytes(10).toString('hex')}`;

describe('Secrets never appear in logs, error bodies or events', () => {
  let t: CapturedApp;
  const secrets: string[] = [];
  const errorBodies: string[] = [];
  const track = (...values: string[]): void => void secrets.push(...values);

  async function expectOk(what: string, promise: Promise<ApiResponse>): Promise<ApiResponse> {
    const response = await promise;
    if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
    return response;
  }

  async function refused(promise: Promise<ApiResponse>): Promise<void> {
    const response = await promise;
    expect(response.status).toBeGreaterThanOrEqual(400);
    errorBodies.push(response.text);
  }

  beforeAll(async () => {
    t = await startCapturedApp({
      DELIVERY_POLL_MS: '0',
      NOTIFICATION_SWEEP_MS: '0',
      ALERT_ENGINE_SWEEP_MS: '0',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should keep every created secret out of the logs, the error bodies and the events', async () => {
    const password = `Pw-${randomBytes(8).toString('hex')}-9!`;
    const boot = await bootstrapFirstUser(t, { password });
    track(password, boot.globalKey.privateKey);
    const auth: Credentials = boot.globalKey;
    const org = await createOrg(t, auth);
    const project = await createProject(t, auth, org.id);
    const api = (path: string): string => `${t.apiUrl}/groups/${project.id}${path}`;

    // Keys: an organization key, an agent key, a wrong password and a wrong private key.
    const orgKey = await createOrgApiKey(t, auth, org.id, ['ORG_OWNER']);
    track(orgKey.privateKey);
    const agent = await expectOk(
      'agent key',
      call('POST', api('/agentapikeys'), { auth, body: { desc: 'agents' } }),
    );
    track((agent.body as { key: string }).key);
    const wrongPassword = secret('wrong-password');
    track(wrongPassword);
    await refused(
      call('GET', `${t.apiUrl}/orgs`, { auth: { publicKey: boot.user.username, privateKey: wrongPassword } }),
    );
    await refused(
      call('GET', `${t.apiUrl}/orgs`, { auth: { publicKey: orgKey.publicKey, privateKey: wrongPassword } }),
    );
    const basic = `Basic ${Buffer.from(`${project.id}:${wrongPassword}`).toString('base64')}`;
    const agentRefusal = await request(`${t.baseUrl}/agents/v1/groups/${project.id}/reports`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      content: '{}',
      dataType: 'text',
    });
    errorBodies.push(String(agentRefusal.data));

    // Integrations, each with its own secrets, and refused ones carrying secrets.
    const s = {
      pagerDuty: secret('pd'),
      slack: secret('xoxb'),
      opsGenie: secret('og'),
      victorOps: secret('vo'),
      webhookSecret: secret('whsec'),
      webhookPath: secret('hookpath'),
      prometheus: secret('prom'),
      tlsPem: secret('pem'),
      datadogIntegration: secret('dd'),
    };
    track(...Object.values(s));
    const integrations: Array<[string, Record<string, unknown>]> = [
      ['PAGER_DUTY', { type: 'PAGER_DUTY', serviceKey: s.pagerDuty }],
      ['DATADOG', { type: 'DATADOG', apiKey: s.datadogIntegration, region: 'EU' }],
      ['SLACK', { type: 'SLACK', apiToken: s.slack, teamName: 'Team', channelName: 'alerts' }],
      ['OPS_GENIE', { type: 'OPS_GENIE', apiKey: s.opsGenie, region: 'EU' }],
      ['VICTOR_OPS', { type: 'VICTOR_OPS', apiKey: s.victorOps, routingKey: 'db' }],
      [
        'WEBHOOK',
        { type: 'WEBHOOK', url: `https://hooks.example.com/${s.webhookPath}`, secret: s.webhookSecret },
      ],
      [
        'PROMETHEUS',
        {
          type: 'PROMETHEUS',
          username: 'prom_user',
          password: s.prometheus,
          listenAddress: '0.0.0.0:9216',
          tlsPemPath: '/etc/ssl/prometheus.pem',
          tlsPemPassword: s.tlsPem,
          serviceDiscovery: 'http',
          scheme: 'https',
          enabled: true,
        },
      ],
    ];
    for (const [type, body] of integrations) {
      await expectOk(`integration ${type}`, call('PUT', api(`/integrations/${type}`), { auth, body }));
    }
    await refused(
      call('PUT', api('/integrations/WEBHOOK'), {
        auth,
        body: { type: 'WEBHOOK', url: 'not a url', secret: s.webhookSecret },
      }),
    );
    await refused(
      call('PUT', api('/integrations/SLACK'), {
        auth,
        body: { type: 'SLACK', apiToken: s.slack, unknown: s.slack },
      }),
    );
    await refused(
      call('PUT', api('/integrations/PAGER_DUTY'), { auth, body: { type: 'PAGER_DUTY', serviceKey: 12 } }),
    );

    // Alert configurations with notification secrets, a refused one, and a test notification whose
    // loopback target the outbound guard refuses.
    const a = {
      slack: secret('xoxb'),
      webhookSecret: secret('whsec'),
      webhookPath: secret('hook'),
      datadog: secret('dd'),
    };
    track(...Object.values(a));
    await expectOk(
      'alert config',
      call('POST', api('/alertConfigs'), {
        auth,
        body: {
          eventTypeName: 'HOST_DOWN',
          enabled: true,
          notifications: [
            { typeName: 'SLACK', apiToken: a.slack, channelName: '#alerts', delayMin: 0, intervalMin: 60 },
            {
              typeName: 'DATADOG',
              datadogApiKey: a.datadog,
              datadogRegion: 'EU',
              delayMin: 0,
              intervalMin: 60,
            },
            {
              typeName: 'WEBHOOK',
              webhookUrl: `https://hooks.example.com/${a.webhookPath}`,
              webhookSecret: a.webhookSecret,
              delayMin: 0,
              intervalMin: 60,
            },
          ],
        },
      }),
    );
    await refused(
      call('POST', api('/alertConfigs'), {
        auth,
        body: {
          eventTypeName: 'HOST_DOWN',
          enabled: 'yes',
          notifications: [{ typeName: 'WEBHOOK', webhookSecret: a.webhookSecret }],
        },
      }),
    );
    const tested = await call('POST', api('/alertConfigs/notifications/test'), {
      auth,
      body: {
        notification: {
          typeName: 'WEBHOOK',
          webhookUrl: `http://127.0.0.1:9/${a.webhookPath}`,
          webhookSecret: a.webhookSecret,
        },
      },
    });
    errorBodies.push(tested.text);

    // Federation: settings and an identity provider.
    const federation = await createFederation(t, auth, org.id);
    await createIdp(t, auth, federation.id);

    // Reading everything back: responses must be masked too (they are logged nowhere, but checked here).
    const reads = await Promise.all(
      ['/integrations', '/alertConfigs', '/agentapikeys', '/deliveries'].map((path) =>
        call('GET', api(path), { auth }),
      ),
    );
    const events = await Promise.all([
      call('GET', `${api('/events')}?includeRaw=true&itemsPerPage=500`, { auth }),
      call('GET', `${t.apiUrl}/orgs/${org.id}/events?includeRaw=true&itemsPerPage=500`, { auth }),
      call('GET', `${t.apiUrl}/orgs/${org.id}/apiKeys`, { auth }),
    ]);
    expect(events.map((r) => r.status)).toEqual([200, 200, 200]);
    const eventCount = events
      .slice(0, 2)
      .reduce((n, r) => n + (r.body as { results: unknown[] }).results.length, 0);
    expect(eventCount).toBeGreaterThan(10);

    const haystacks: Record<string, string> = {
      logs: t.logLines.join(''),
      'error bodies': errorBodies.join('\n'),
      events: events.map((r) => r.text).join('\n'),
      'read responses': reads.map((r) => r.text).join('\n'),
    };
    const leaks = Object.entries(haystacks).flatMap(([where, text]) =>
      secrets.filter((value) => text.includes(value)).map((value) => `${value} in ${where}`),
    );
    process.stdout.write(
      `secret leak: ${secrets.length} secrets searched in ${t.logLines.length} log lines, ${errorBodies.length} error bodies, ` +
        `${eventCount} events; leaks ${leaks.length}\n`,
    );
    // The capture works: the request lines name the project's paths.
    expect(haystacks.logs).toContain(`/groups/${project.id}/integrations/WEBHOOK`);
    expect(t.logLines.length).toBeGreaterThan(50);
    expect(errorBodies.length).toBeGreaterThanOrEqual(7);
    expect(leaks).toEqual([]);
  }, 120000);
});
