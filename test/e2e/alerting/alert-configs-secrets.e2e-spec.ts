import { Client } from 'pg';
import { AlertConfigsService } from '../../../src/modules/alerting';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { configsApi, hostDownBody, startConfigsApp, type ConfigView } from './alert-configs.fixture';
import { expectApiError } from '../../support/api-error';

const SECRETS = {
  slackToken: 'xoxb-1111-2222-slacktoken7890',
  pagerDutyKey: 'pd-service-key-0000-1234',
  opsGenieKey: 'opsgenie-api-key-5678',
  victorOpsKey: 'victorops-api-key-4321',
  datadogKey: 'datadog-api-key-8765',
  hipChatToken: 'hipchat-token-2468',
  teamsUrl: 'https://contoso.webhook.office.com/webhookb2/secret-path-1357',
  webhookUrl: 'https://hooks.example.com/services/T000/B000/XXXXabcd',
  webhookSecret: 'whsec-very-secret-value',
  bodyTemplate: '{"text": "${humanReadable}", "token": "body-template-secret"}',
  headersTemplate: '{"Authorization": "Bearer header-template-secret"}',
};

const NOTIFICATIONS = [
  { typeName: 'SLACK', apiToken: SECRETS.slackToken, channelName: '#alerts' },
  { typeName: 'PAGER_DUTY', serviceKey: SECRETS.pagerDutyKey },
  { typeName: 'OPS_GENIE', opsGenieApiKey: SECRETS.opsGenieKey },
  { typeName: 'VICTOR_OPS', victorOpsApiKey: SECRETS.victorOpsKey, victorOpsRoutingKey: 'database-team' },
  { typeName: 'DATADOG', datadogApiKey: SECRETS.datadogKey, datadogRegion: 'EU' },
  { typeName: 'HIP_CHAT', notificationToken: SECRETS.hipChatToken, roomName: 'Ops room' },
  { typeName: 'MICROSOFT_TEAMS', microsoftTeamsWebhookUrl: SECRETS.teamsUrl },
  {
    typeName: 'WEBHOOK',
    webhookUrl: SECRETS.webhookUrl,
    webhookSecret: SECRETS.webhookSecret,
    webhookBodyTemplate: SECRETS.bodyTemplate,
    webhookHeadersTemplate: SECRETS.headersTemplate,
  },
];

const REDACTED = [
  { apiToken: '******7890', channelName: '#alerts', delayMin: 0, intervalMin: 60, typeName: 'SLACK' },
  { delayMin: 0, intervalMin: 60, serviceKey: '******1234', typeName: 'PAGER_DUTY' },
  { delayMin: 0, intervalMin: 60, opsGenieApiKey: '******5678', opsGenieRegion: 'US', typeName: 'OPS_GENIE' },
  {
    delayMin: 0,
    intervalMin: 60,
    typeName: 'VICTOR_OPS',
    victorOpsApiKey: '******4321',
    victorOpsRoutingKey: 'database-team',
  },
  { datadogApiKey: '******8765', datadogRegion: 'EU', delayMin: 0, intervalMin: 60, typeName: 'DATADOG' },
  {
    delayMin: 0,
    intervalMin: 60,
    notificationToken: '******2468',
    roomName: 'Ops room',
    typeName: 'HIP_CHAT',
  },
  {
    delayMin: 0,
    intervalMin: 60,
    microsoftTeamsWebhookUrl: 'https://contoso.webhook.office.com/******1357',
    typeName: 'MICROSOFT_TEAMS',
  },
  {
    delayMin: 0,
    intervalMin: 60,
    typeName: 'WEBHOOK',
    webhookBodyTemplate: '******',
    webhookHeadersTemplate: '******',
    webhookSecret: '******',
    webhookUrl: 'https://hooks.example.com/******abcd',
  },
];

let t: TestApp;
let p: ProjectCallers;
let api: ReturnType<typeof configsApi>;
let db: Client;

beforeAll(async () => {
  t = await startConfigsApp();
  p = await projectWithCallers(t, await bootstrapFirstUser(t));
  api = configsApi(t, p.groupId);
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db.end();
  await t.close();
});

async function createWithSecrets(): Promise<ConfigView> {
  const response = await api.create(p.monitoringAdmin, hostDownBody({ notifications: NOTIFICATIONS }));
  if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
  return response.body as ConfigView;
}

// What the alert engine will read: the configuration with its secrets in clear.
async function storedNotifications(id: string): Promise<Array<Record<string, unknown>>> {
  const configs = await t.app.get(AlertConfigsService).enabledConfigsOf(p.groupId);
  const config = configs.find((candidate) => candidate.id === id);
  if (!config) throw new Error(`configuration ${id} is not enabled`);
  return config.notifications;
}

describe('POST /groups/{groupId}/alertConfigs (secrets)', () => {
  it('should redact keys partially, URLs partially and the webhook secret and templates completely', async () => {
    const config = await createWithSecrets();
    expect(config.notifications).toEqual(REDACTED);
    expect((await api.get(p.readOnly, config.id)).body.notifications).toEqual(REDACTED);
    const listed = (await api.list(p.readOnly)).body.results.find(
      (item: ConfigView) => item.id === config.id,
    );
    expect(listed.notifications).toEqual(REDACTED);
  });

  it('should keep no secret in clear in the database row', async () => {
    const config = await createWithSecrets();
    const { rows } = await db.query<{ row: string; notifications: Array<Record<string, string>> }>(
      'SELECT row_to_json(c)::text AS row, notifications FROM alert_configs c WHERE id = $1',
      [config.id],
    );
    expect(rows).toHaveLength(1);
    for (const secret of Object.values(SECRETS)) expect(rows[0].row).not.toContain(secret);
    expect(rows[0].row).not.toContain('slacktoken');
    expect(rows[0].row).not.toContain('template-secret');
    const [slack, , , victorOps, , , teams, hook] = rows[0].notifications;
    for (const sealed of [
      slack.apiToken,
      teams.microsoftTeamsWebhookUrl,
      hook.webhookSecret,
      hook.webhookBodyTemplate,
    ]) {
      expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    }
    // Fields that are not secret stay readable.
    expect(slack.channelName).toBe('#alerts');
    expect(victorOps.victorOpsRoutingKey).toBe('database-team');
  });

  it('should give the alert engine the secrets in clear through the service', async () => {
    const config = await createWithSecrets();
    const notifications = await storedNotifications(config.id);
    expect(notifications[0]).toMatchObject({ apiToken: SECRETS.slackToken });
    expect(notifications[6]).toMatchObject({ microsoftTeamsWebhookUrl: SECRETS.teamsUrl });
    expect(notifications[7]).toMatchObject({
      webhookUrl: SECRETS.webhookUrl,
      webhookSecret: SECRETS.webhookSecret,
      webhookBodyTemplate: SECRETS.bodyTemplate,
      webhookHeadersTemplate: SECRETS.headersTemplate,
    });
  });

  it('should mask a short key completely instead of showing most of it', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      hostDownBody({ notifications: [{ typeName: 'PAGER_DUTY', serviceKey: 'abc1234' }] }),
    );
    expect(response.status).toBe(201);
    expect(response.body.notifications[0].serviceKey).toBe('******');
  });
});

describe('PUT /groups/{groupId}/alertConfigs/{alertConfigId} (secrets)', () => {
  it('should keep every stored secret when the GET body is sent back with its redacted values', async () => {
    const config = await createWithSecrets();
    const response = await api.replace(p.monitoringAdmin, config.id, config);
    expect(response.status).toBe(200);
    expect(response.body.notifications).toEqual(REDACTED);
    const notifications = await storedNotifications(config.id);
    expect(notifications.map((notification) => notification.typeName)).toEqual(
      NOTIFICATIONS.map((n) => n.typeName),
    );
    NOTIFICATIONS.forEach((sent, index) => expect(notifications[index]).toMatchObject(sent));
  });

  it('should store new secrets when new values are sent', async () => {
    const config = await createWithSecrets();
    const notifications = config.notifications.map((notification) => ({ ...notification }));
    notifications[0].apiToken = 'xoxb-new-token-0000-9999';
    notifications[7].webhookSecret = 'whsec-rotated';
    const response = await api.replace(p.monitoringAdmin, config.id, { ...config, notifications });
    expect(response.status).toBe(200);
    expect(response.body.notifications[0].apiToken).toBe('******9999');
    const stored = await storedNotifications(config.id);
    expect(stored[0].apiToken).toBe('xoxb-new-token-0000-9999');
    expect(stored[7]).toMatchObject({ webhookSecret: 'whsec-rotated', webhookUrl: SECRETS.webhookUrl });
  });

  it('should drop a secret that the body leaves out, since the notifications are replaced whole', async () => {
    const config = await createWithSecrets();
    const notifications = config.notifications.map((notification) => ({ ...notification }));
    delete notifications[7].webhookSecret;
    delete notifications[7].webhookHeadersTemplate;
    const response = await api.replace(p.monitoringAdmin, config.id, { ...config, notifications });
    expect(response.status).toBe(200);
    expect(response.body.notifications[7]).toEqual({
      delayMin: 0,
      intervalMin: 60,
      typeName: 'WEBHOOK',
      webhookBodyTemplate: '******',
      webhookUrl: 'https://hooks.example.com/******abcd',
    });
    const stored = await storedNotifications(config.id);
    expect(stored[7]).toEqual({
      typeName: 'WEBHOOK',
      delayMin: 0,
      intervalMin: 60,
      webhookUrl: SECRETS.webhookUrl,
      webhookBodyTemplate: SECRETS.bodyTemplate,
    });
  });

  it('should keep the stored secrets when notifications are reordered or removed', async () => {
    const config = await createWithSecrets();
    const [slack, pagerDuty, , , , , teams, hook] = config.notifications;
    const response = await api.replace(p.monitoringAdmin, config.id, {
      ...config,
      notifications: [hook, pagerDuty, teams, slack],
    });
    expect(response.status).toBe(200);
    expect(response.body.notifications).toEqual([REDACTED[7], REDACTED[1], REDACTED[6], REDACTED[0]]);
    const stored = await storedNotifications(config.id);
    expect(stored).toEqual([
      expect.objectContaining({ webhookUrl: SECRETS.webhookUrl, webhookSecret: SECRETS.webhookSecret }),
      expect.objectContaining({ serviceKey: SECRETS.pagerDutyKey }),
      expect.objectContaining({ microsoftTeamsWebhookUrl: SECRETS.teamsUrl }),
      expect.objectContaining({ apiToken: SECRETS.slackToken }),
    ]);
  });

  it('should refuse a redacted value that matches no stored secret instead of storing it', async () => {
    const config = await createWithSecrets();
    const notifications = config.notifications.map((notification) => ({ ...notification }));
    notifications[1].serviceKey = '******0000';
    const response = await api.replace(p.monitoringAdmin, config.id, { ...config, notifications });
    expectApiError(response, 400, 'VALIDATION_ERROR', {
      parameters: [
        'notifications[1].serviceKey',
        'a redacted value can only be sent back for a secret this configuration holds',
      ],
      detail:
        'Invalid value for notifications[1].serviceKey: a redacted value can only be sent back for a secret this configuration holds.',
    });
    expect((await storedNotifications(config.id))[1].serviceKey).toBe(SECRETS.pagerDutyKey);
  });

  it('should refuse a redacted value on create, where no secret is stored', async () => {
    const response = await api.create(
      p.monitoringAdmin,
      hostDownBody({
        notifications: [{ typeName: 'SLACK', apiToken: '******7890', channelName: '#alerts' }],
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.parameters[0]).toBe('notifications[0].apiToken');
  });
});
