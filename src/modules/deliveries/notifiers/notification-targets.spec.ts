import type { Notification } from '../../alerting';
import { targetFromIntegration, targetFromNotification } from './notification-targets';

const notification = (fields: Record<string, string>): Notification => ({
  typeName: fields.typeName,
  delayMin: 0,
  intervalMin: 60,
  ...fields,
});

describe('targetFromNotification', () => {
  it.each([
    [
      { typeName: 'EMAIL', emailAddress: 'a@example.com' },
      { type: 'EMAIL', emailAddress: 'a@example.com' },
    ],
    [
      { typeName: 'SMS', mobileNumber: '+15555550100' },
      { type: 'SMS', mobileNumber: '+15555550100' },
    ],
    [
      { typeName: 'PAGER_DUTY', serviceKey: 'pd' },
      { type: 'PAGER_DUTY', serviceKey: 'pd' },
    ],
    [
      { typeName: 'SLACK', apiToken: 'xoxb', channelName: '#ops' },
      { type: 'SLACK', apiToken: 'xoxb', channelName: '#ops' },
    ],
    [
      { typeName: 'OPS_GENIE', opsGenieApiKey: 'og' },
      { type: 'OPS_GENIE', apiKey: 'og', region: 'US' },
    ],
    [
      { typeName: 'OPS_GENIE', opsGenieApiKey: 'og', opsGenieRegion: 'EU' },
      { type: 'OPS_GENIE', apiKey: 'og', region: 'EU' },
    ],
    [
      { typeName: 'VICTOR_OPS', victorOpsApiKey: 'vo', victorOpsRoutingKey: 'db' },
      { type: 'VICTOR_OPS', apiKey: 'vo', routingKey: 'db' },
    ],
    [
      { typeName: 'DATADOG', datadogApiKey: 'dd', datadogRegion: 'EU' },
      { type: 'DATADOG', apiKey: 'dd', region: 'EU' },
    ],
    [
      { typeName: 'MICROSOFT_TEAMS', microsoftTeamsWebhookUrl: 'https://teams.example/hook' },
      { type: 'MICROSOFT_TEAMS', webhookUrl: 'https://teams.example/hook' },
    ],
    [
      {
        typeName: 'WEBHOOK',
        webhookUrl: 'https://hooks.example',
        webhookSecret: 's',
        webhookBodyTemplate: '{}',
      },
      { type: 'WEBHOOK', url: 'https://hooks.example', secret: 's', bodyTemplate: '{}' },
    ],
  ])('should map %j to %j', (fields, target) => {
    expect(JSON.parse(JSON.stringify(targetFromNotification(notification(fields))))).toEqual(target);
  });

  it.each<Record<string, string>>([
    { typeName: 'USER', username: 'jane' },
    { typeName: 'GROUP' },
    { typeName: 'TEAM', teamId: 't' },
    { typeName: 'ORG' },
    { typeName: 'HIP_CHAT', notificationToken: 'x', roomName: 'r' },
    { typeName: 'WEBHOOK' },
    { typeName: 'SLACK', apiToken: 'xoxb' },
  ])('should give no target for %j', (fields) => {
    expect(targetFromNotification(notification(fields))).toBeUndefined();
  });
});

describe('targetFromIntegration', () => {
  it('should map the integration field names', () => {
    expect(targetFromIntegration({ type: 'WEBHOOK', url: 'https://hooks.example', secret: 's' })).toEqual({
      type: 'WEBHOOK',
      url: 'https://hooks.example',
      secret: 's',
    });
    expect(targetFromIntegration({ type: 'OPS_GENIE', apiKey: 'og', region: 'EU' })).toEqual({
      type: 'OPS_GENIE',
      apiKey: 'og',
      region: 'EU',
    });
    expect(
      targetFromIntegration({
        type: 'NEW_RELIC',
        licenseKey: 'l',
        accountId: '1',
        writeToken: 'w',
        readToken: 'r',
      }),
    ).toEqual({ type: 'NEW_RELIC', accountId: '1', writeToken: 'w' });
  });

  it('should give no target for Prometheus or a Slack integration without a channel', () => {
    expect(
      targetFromIntegration({ type: 'SLACK', apiToken: 'xoxb', teamName: 't', channelName: '' }),
    ).toBeUndefined();
    expect(
      targetFromIntegration({
        type: 'PROMETHEUS',
        username: 'u',
        passwordHash: 'h',
        listenAddress: '0.0.0.0:9216',
        serviceDiscovery: 'http',
        scheme: 'http',
        enabled: true,
      }),
    ).toBeUndefined();
  });
});
