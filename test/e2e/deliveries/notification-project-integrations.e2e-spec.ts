import { createHmac } from 'node:crypto';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call, type ApiResponse } from '../../support/digest-client';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import { deliver } from '../alerting/engine.fixture';
import { deliveriesEnv, deliveriesOf } from './deliveries.fixture';
import { MINUTE } from '../../support/time';
import { expectApiError } from '../../support/api-error';

// A notification of an integration-backed type (PAGER_DUTY, SLACK, OPS_GENIE, VICTOR_OPS, DATADOG,
// MICROSOFT_TEAMS, WEBHOOK) that carries no target of its own is sent with the project's integration of
// that type (/groups/{groupId}/integrations/{TYPE}); it is refused when saved if the project has none, and
// the integration cannot be removed while such a notification uses it. Deliveries reach local receivers.
describe('POST /groups/{groupId}/alertConfigs (notifications sent with the project integration)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp(
      {
        ...deliveriesEnv(receiver),
        ALERT_ENGINE_SWEEP_MS: '0',
        SLACK_API_URL: receiver.url('/slack'),
        DATADOG_API_URL: receiver.url('/datadog'),
      },
      clock,
    );
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const integrationBodies = () => ({
    PAGER_DUTY: { type: 'PAGER_DUTY', serviceKey: 'project-pd-key-0001' },
    SLACK: { type: 'SLACK', apiToken: 'xoxb-project-token', teamName: 'Ops', channelName: '#project' },
    OPS_GENIE: { type: 'OPS_GENIE', apiKey: 'project-og-key-0001', region: 'US' },
    VICTOR_OPS: { type: 'VICTOR_OPS', apiKey: 'project-vo-key-0001', routingKey: 'project-route' },
    DATADOG: { type: 'DATADOG', apiKey: 'project-dd-key-0001', region: 'US' },
    WEBHOOK: { type: 'WEBHOOK', url: receiver.url('/project-hook'), secret: 'project-hook-secret' },
    MICROSOFT_TEAMS: {
      type: 'MICROSOFT_TEAMS',
      microsoftTeamsWebhookUrl: 'https://teams.example.com/hook/1',
    },
  });
  type Backed = keyof ReturnType<typeof integrationBodies>;
  const BACKED: Backed[] = [
    'PAGER_DUTY',
    'SLACK',
    'OPS_GENIE',
    'VICTOR_OPS',
    'DATADOG',
    'WEBHOOK',
    'MICROSOFT_TEAMS',
  ];

  const integrate = async (
    d: Deployment,
    type: Backed,
    body: Record<string, unknown> = integrationBodies()[type],
  ) => {
    const response = await call('PUT', `${t.apiUrl}/groups/${d.groupId}/integrations/${type}`, {
      auth: d.groupOwner,
      body,
    });
    expect([type, response.status]).toEqual([type, 200]);
  };
  const saveConfig = (
    d: Deployment,
    notifications: Array<Record<string, unknown>>,
    enabled = true,
  ): Promise<ApiResponse> =>
    call('POST', `${t.apiUrl}/groups/${d.groupId}/alertConfigs`, {
      auth: d.monitoringAdmin,
      body: { eventTypeName: 'HOST_DOWN', enabled, notifications },
    });
  const keyless = (typeName: string) => ({ typeName, delayMin: 0, intervalMin: 60 });
  const removeIntegration = (d: Deployment, type: string) =>
    call('DELETE', `${t.apiUrl}/groups/${d.groupId}/integrations/${type}`, { auth: d.groupOwner });
  const at = (prefix: string): ReceivedRequest[] =>
    receiver.requests.filter((request) => request.path.startsWith(prefix));

  it('should deliver a notification without a key of its own with the project integration of its type', async () => {
    const d = await deployment(t);
    for (const type of BACKED) await integrate(d, type);
    // Teams takes https URLs only, which a local receiver does not serve: saved, not delivered.
    const delivered = BACKED.filter((type) => type !== 'MICROSOFT_TEAMS');
    const saved = await saveConfig(
      d,
      delivered.map((type) =>
        type === 'WEBHOOK' ? { ...keyless(type), webhookBodyTemplate: '{"alert": "${id}"}' } : keyless(type),
      ),
    );
    expect(saved.status).toBe(201);
    // Nothing of the integration is copied into the configuration: it is read when sending.
    expect(saved.body.notifications).toEqual(
      delivered.map((type) => expect.objectContaining({ typeName: type })),
    );
    expect(JSON.stringify(saved.body)).not.toContain('project-');
    expect((await saveConfig(d, [keyless('MICROSOFT_TEAMS')], false)).status).toBe(201);

    await report(t, d, monitoringReport([hostReport()]));
    clock.advance(MINUTE);
    await report(t, d, monitoringReport([hostReport({ up: false })]));
    await deliver(t.app);

    expect(at('/pagerduty')[0].json().routing_key).toBe('project-pd-key-0001');
    const [slack] = at('/slack');
    expect(slack.headers.authorization).toBe('Bearer xoxb-project-token');
    expect(slack.json().channel).toBe('#project');
    expect(at('/opsgenie')[0].headers.authorization).toBe('GenieKey project-og-key-0001');
    expect(at('/victorops')[0].path).toMatch(/\/project-vo-key-0001\/project-route$/);
    expect(at('/datadog')[0].headers['dd-api-key']).toBe('project-dd-key-0001');
    const [hook] = at('/project-hook');
    expect(hook.json()).toEqual({ alert: expect.any(String) });
    expect(hook.headers['x-mms-signature']).toBe(
      createHmac('sha1', 'project-hook-secret').update(hook.rawBody).digest('base64'),
    );
    const rows = await deliveriesOf(t, d.readOnly, d.groupId);
    expect(rows.map((row) => `${row.notificationTypeName} ${row.status}`).sort()).toEqual(
      [
        'DATADOG SUCCEEDED',
        'OPS_GENIE SUCCEEDED',
        'PAGER_DUTY SUCCEEDED',
        'SLACK SUCCEEDED',
        'VICTOR_OPS SUCCEEDED',
        'WEBHOOK SUCCEEDED',
      ].sort(),
    );
  });

  it('should refuse a notification without a key of its own when the project has no integration of its type, naming the field', async () => {
    const d = await deployment(t);
    const required: Record<Backed, string> = {
      PAGER_DUTY: 'serviceKey',
      SLACK: 'apiToken',
      OPS_GENIE: 'opsGenieApiKey',
      VICTOR_OPS: 'victorOpsApiKey',
      DATADOG: 'datadogApiKey',
      WEBHOOK: 'webhookUrl',
      MICROSOFT_TEAMS: 'microsoftTeamsWebhookUrl',
    };
    for (const type of BACKED) {
      const response = await saveConfig(d, [keyless(type)]);
      const field = `notifications[0].${required[type]}`;
      expect([type, response.status, response.body]).toEqual([
        type,
        400,
        type === 'WEBHOOK'
          ? expect.objectContaining({ errorCode: 'WEBHOOK_URL_NOT_SET', parameters: ['notifications[0]'] })
          : expect.objectContaining({
              errorCode: 'MISSING_ATTRIBUTE',
              parameters: [field],
              detail: `The required attribute ${field} was not specified, and the project has no ${type} integration to use instead.`,
            }),
      ]);
    }
    // A Slack integration saved without a channel cannot deliver either.
    await integrate(d, 'SLACK', { type: 'SLACK', apiToken: 'xoxb-project-token', teamName: 'Ops' });
    expect((await saveConfig(d, [keyless('SLACK')])).body).toMatchObject({ errorCode: 'MISSING_ATTRIBUTE' });
  });

  it('should refuse a partial target of its own although the project has the integration', async () => {
    const d = await deployment(t);
    for (const type of BACKED) await integrate(d, type);
    const cases: Array<[Record<string, unknown>, string, unknown[]]> = [
      [{ ...keyless('SLACK'), channelName: '#mine' }, 'MISSING_ATTRIBUTE', ['notifications[0].apiToken']],
      [
        { ...keyless('OPS_GENIE'), opsGenieRegion: 'EU' },
        'MISSING_ATTRIBUTE',
        ['notifications[0].opsGenieApiKey'],
      ],
      [{ ...keyless('WEBHOOK'), webhookSecret: 'mine' }, 'WEBHOOK_URL_NOT_SET', ['notifications[0]']],
    ];
    for (const [notification, errorCode, parameters] of cases) {
      const response = await saveConfig(d, [notification]);
      expect([notification.typeName, response.status, response.body]).toEqual([
        notification.typeName,
        400,
        expect.objectContaining({ errorCode, parameters }),
      ]);
    }
  });

  it('should refuse to remove an integration a notification is sent with, until that notification has its own key', async () => {
    const d = await deployment(t);
    await integrate(d, 'WEBHOOK');
    await integrate(d, 'PAGER_DUTY');
    const saved = await saveConfig(d, [keyless('WEBHOOK'), keyless('PAGER_DUTY')]);
    expect(saved.status).toBe(201);
    const configId = String(saved.body.id);

    const webhook = await removeIntegration(d, 'WEBHOOK');
    expectApiError(webhook, 400, 'WEBHOOK_NOTIFICATIONS_PRESENT', [configId]);
    const pagerDuty = await removeIntegration(d, 'PAGER_DUTY');
    expectApiError(pagerDuty, 400, 'INTEGRATION_NOTIFICATIONS_PRESENT', ['PAGER_DUTY', configId]);
    for (const type of ['WEBHOOK', 'PAGER_DUTY']) {
      const kept = await call('GET', `${t.apiUrl}/groups/${d.groupId}/integrations/${type}`, {
        auth: d.readOnly,
      });
      expect([type, kept.status]).toEqual([type, 200]);
    }

    const own = await call('PUT', `${t.apiUrl}/groups/${d.groupId}/alertConfigs/${configId}`, {
      auth: d.monitoringAdmin,
      body: {
        eventTypeName: 'HOST_DOWN',
        enabled: true,
        notifications: [
          { ...keyless('WEBHOOK'), webhookUrl: receiver.url('/own-hook') },
          { ...keyless('PAGER_DUTY'), serviceKey: 'own-pd-key-0002' },
        ],
      },
    });
    expect(own.status).toBe(200);
    expect((await removeIntegration(d, 'WEBHOOK')).status).toBe(204);
    expect((await removeIntegration(d, 'PAGER_DUTY')).status).toBe(204);
  });
});
