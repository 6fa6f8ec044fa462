import { Client } from 'pg';
import { IntegrationsService } from '../../../src/modules/integrations';
import type { Credentials } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  BODIES,
  REDACTED,
  SECRETS,
  TYPES,
  configure,
  integrationsApi,
  invalidSettings,
  startIntegrationsApp,
} from './integrations-fixture';

const SEALED = /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/;

let t: TestApp;
let owner: Credentials;
let groupId: string;
let orgId: string;
let api: ReturnType<typeof integrationsApi>;
let db: Client;

beforeAll(async () => {
  t = await startIntegrationsApp();
  const boot = await bootstrapFirstUser(t);
  const org = await createOrg(t, boot.globalKey);
  orgId = org.id;
  owner = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
  groupId = (await createProject(t, boot.globalKey, org.id)).id;
  api = integrationsApi(t, groupId);
  for (const type of TYPES) await configure(api, owner, type);
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db.end();
  await t.close();
});

async function storedRow(type: string): Promise<{ row: string; settings: Record<string, unknown> }> {
  const { rows } = await db.query<{ row: string; settings: Record<string, unknown> }>(
    'SELECT row_to_json(i)::text AS row, settings FROM integrations i WHERE group_id = $1 AND type = $2',
    [groupId, type],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe('GET /groups/{groupId}/integrations (redaction)', () => {
  it('should redact every type exactly as the product does in the list and in each GET', async () => {
    const list = await api.list(owner);
    expect(list.body.results).toEqual(TYPES.map((type) => REDACTED[type]));
    for (const type of TYPES) expect((await api.get(owner, type)).body).toEqual(REDACTED[type]);
  });

  it('should never return a secret in clear nor the Prometheus password in any form', async () => {
    const texts = [(await api.list(owner)).text];
    for (const type of TYPES) texts.push((await api.get(owner, type)).text);
    const written = await api.replace(owner, 'PAGER_DUTY', BODIES.PAGER_DUTY);
    texts.push(written.text);
    for (const text of texts) {
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/password"|passwordHash|scrypt/);
    }
  });

  it('should mask a short key completely instead of showing most of it', async () => {
    await configure(api, owner, 'PAGER_DUTY', { type: 'PAGER_DUTY', serviceKey: 'abc1234' });
    expect((await api.get(owner, 'PAGER_DUTY')).body).toEqual({ serviceKey: '******', type: 'PAGER_DUTY' });
    await configure(api, owner, 'PAGER_DUTY');
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (encryption at rest)', () => {
  it('should hold no secret in clear in any row', async () => {
    const { rows } = await db.query<{ row: string }>(
      'SELECT row_to_json(i)::text AS row FROM integrations i WHERE group_id = $1',
      [groupId],
    );
    expect(rows).toHaveLength(TYPES.length);
    const all = rows.map((row) => row.row).join('\n');
    for (const secret of Object.values(SECRETS)) expect(all).not.toContain(secret);
    expect(all).not.toContain('slacktoken');
    expect(all).not.toContain('hooks.example.com');
  });

  it('should seal each secret setting with the SecretBox and keep the other settings readable', async () => {
    const expectations: Array<[string, string[], Record<string, unknown>]> = [
      ['PAGER_DUTY', ['serviceKey'], {}],
      ['SLACK', ['apiToken'], { teamName: 'My Team', channelName: 'My Channel' }],
      ['NEW_RELIC', ['licenseKey', 'writeToken', 'readToken'], { accountId: '1234567' }],
      ['OPS_GENIE', ['apiKey'], { region: 'EU' }],
      ['VICTOR_OPS', ['apiKey'], { routingKey: 'database-team' }],
      ['WEBHOOK', ['url', 'secret'], {}],
      ['MICROSOFT_TEAMS', ['microsoftTeamsWebhookUrl'], {}],
      ['PROMETHEUS', ['tlsPemPassword'], { username: 'prom_user', tlsPemPath: '/etc/ssl/prometheus.pem' }],
      ['DATADOG', ['apiKey'], { region: 'EU' }],
    ];
    for (const [type, sealed, plain] of expectations) {
      const { settings } = await storedRow(type);
      for (const field of sealed) expect(settings[field]).toMatch(SEALED);
      expect(settings).toMatchObject({ type, ...plain });
    }
  });

  it('should keep only a salted scrypt hash of the Prometheus password', async () => {
    const { settings } = await storedRow('PROMETHEUS');
    expect(settings).not.toHaveProperty('password');
    expect(settings.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (read back by IntegrationsService.configuredFor)', () => {
  it('should give each configuration with its secrets in clear', async () => {
    const service = t.app.get(IntegrationsService);
    for (const type of TYPES.filter((candidate) => candidate !== 'PROMETHEUS')) {
      expect(await service.configuredFor(groupId, type)).toEqual({
        ...BODIES[type],
      });
    }
    const prometheus = await service.configuredFor(groupId, 'PROMETHEUS');
    const { password: _password, ...visible } = BODIES.PROMETHEUS;
    expect(prometheus).toEqual({ ...visible, passwordHash: expect.stringMatching(/^scrypt\$/) });
  });

  it('should give null when the project has no configuration of that type', async () => {
    const service = t.app.get(IntegrationsService);
    expect(await service.configuredFor('0123456789abcdef01234567', 'SLACK')).toBeNull();
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (secrets sent back redacted)', () => {
  it('should keep every stored secret when the GET body is sent back with its redacted values', async () => {
    const service = t.app.get(IntegrationsService);
    for (const type of TYPES.filter((candidate) => candidate !== 'PROMETHEUS')) {
      const body = (await api.get(owner, type)).body;
      const response = await api.replace(owner, type, body);
      expect(response.status).toBe(200);
      expect(await service.configuredFor(groupId, type)).toEqual(BODIES[type]);
    }
  });

  it('should keep the Prometheus TLS password when it is sent back redacted with a new password', async () => {
    const body = { ...(await api.get(owner, 'PROMETHEUS')).body, password: 'New-Pa55-word' };
    expect((await api.replace(owner, 'PROMETHEUS', body)).status).toBe(200);
    const stored = await t.app.get(IntegrationsService).configuredFor(groupId, 'PROMETHEUS');
    expect(stored?.tlsPemPassword).toBe(SECRETS.tlsPemPassword);
    await configure(api, owner, 'PROMETHEUS');
  });

  it('should store a new secret when a new value is sent', async () => {
    await configure(api, owner, 'SLACK', { ...BODIES.SLACK, apiToken: 'xoxb-new-token-0000-4444' });
    expect((await api.get(owner, 'SLACK')).body.apiToken).toBe('******4444');
    expect((await t.app.get(IntegrationsService).configuredFor(groupId, 'SLACK'))?.apiToken).toBe(
      'xoxb-new-token-0000-4444',
    );
    await configure(api, owner, 'SLACK');
  });

  it('should refuse a redacted value that matches no stored secret', async () => {
    const response = await api.replace(owner, 'PAGER_DUTY', { type: 'PAGER_DUTY', serviceKey: '******0000' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      invalidSettings(
        'PAGER_DUTY',
        'serviceKey is a redacted value that matches no stored secret; send the secret itself',
      ),
    );
  });

  it('should refuse a redacted value on POST, where nothing is stored yet', async () => {
    const other = integrationsApi(t, (await createProject(t, owner, orgId)).id);
    const response = await other.create(owner, 'WEBHOOK', { ...BODIES.WEBHOOK, secret: '******' });
    expect(response.status).toBe(400);
    expect(response.body.parameters).toEqual([
      'WEBHOOK',
      'secret is a redacted value that matches no stored secret; send the secret itself',
    ]);
  });
});
