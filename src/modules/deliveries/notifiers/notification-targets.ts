import type { Notification } from '../../alerting';
import type { IntegrationSettings } from '../../integrations';
import type { NotificationTarget } from './notification-target';

type Fields = Readonly<Record<string, unknown>>;

function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function region(value: string | undefined): 'US' | 'EU' {
  return value === 'EU' ? 'EU' : 'US';
}

// The target of an alert configuration's notification (field names of catalog/notification-types.ts),
// secrets in clear. undefined for recipients the engine resolves itself (USER, TEAM, GROUP, ORG), for
// HipChat (shut down in 2019), for a WEBHOOK without its own URL (the project's WEBHOOK integration is
// used, see targetFromIntegration) and when a required field is missing.
export function targetFromNotification(notification: Notification): NotificationTarget | undefined {
  const n: Fields = notification;
  switch (notification.typeName) {
    case 'EMAIL': {
      const emailAddress = text(n, 'emailAddress');
      return emailAddress ? { type: 'EMAIL', emailAddress } : undefined;
    }
    case 'SMS': {
      const mobileNumber = text(n, 'mobileNumber');
      return mobileNumber ? { type: 'SMS', mobileNumber } : undefined;
    }
    case 'PAGER_DUTY': {
      const serviceKey = text(n, 'serviceKey');
      return serviceKey ? { type: 'PAGER_DUTY', serviceKey } : undefined;
    }
    case 'SLACK': {
      const [apiToken, channelName] = [text(n, 'apiToken'), text(n, 'channelName')];
      return apiToken && channelName ? { type: 'SLACK', apiToken, channelName } : undefined;
    }
    case 'OPS_GENIE': {
      const apiKey = text(n, 'opsGenieApiKey');
      return apiKey ? { type: 'OPS_GENIE', apiKey, region: region(text(n, 'opsGenieRegion')) } : undefined;
    }
    case 'VICTOR_OPS': {
      const apiKey = text(n, 'victorOpsApiKey');
      return apiKey ? { type: 'VICTOR_OPS', apiKey, routingKey: text(n, 'victorOpsRoutingKey') } : undefined;
    }
    case 'DATADOG': {
      const apiKey = text(n, 'datadogApiKey');
      return apiKey ? { type: 'DATADOG', apiKey, region: text(n, 'datadogRegion') } : undefined;
    }
    case 'MICROSOFT_TEAMS': {
      const webhookUrl = text(n, 'microsoftTeamsWebhookUrl');
      return webhookUrl ? { type: 'MICROSOFT_TEAMS', webhookUrl } : undefined;
    }
    case 'WEBHOOK': {
      const url = text(n, 'webhookUrl');
      if (!url) return undefined;
      return {
        type: 'WEBHOOK',
        url,
        secret: text(n, 'webhookSecret'),
        bodyTemplate: text(n, 'webhookBodyTemplate'),
        headersTemplate: text(n, 'webhookHeadersTemplate'),
      };
    }
    default:
      return undefined;
  }
}

// The target of a project's third-party integration, secrets in clear. undefined for PROMETHEUS (it
// delivers no alerts) and for a Slack integration without a channel.
export function targetFromIntegration(settings: IntegrationSettings): NotificationTarget | undefined {
  switch (settings.type) {
    case 'PAGER_DUTY':
      return { type: 'PAGER_DUTY', serviceKey: settings.serviceKey };
    case 'SLACK':
      return settings.channelName
        ? { type: 'SLACK', apiToken: settings.apiToken, channelName: settings.channelName }
        : undefined;
    case 'OPS_GENIE':
      return { type: 'OPS_GENIE', apiKey: settings.apiKey, region: settings.region };
    case 'VICTOR_OPS':
      return { type: 'VICTOR_OPS', apiKey: settings.apiKey, routingKey: settings.routingKey || undefined };
    case 'DATADOG':
      return { type: 'DATADOG', apiKey: settings.apiKey, region: settings.region };
    case 'MICROSOFT_TEAMS':
      return { type: 'MICROSOFT_TEAMS', webhookUrl: settings.microsoftTeamsWebhookUrl };
    case 'NEW_RELIC':
      return { type: 'NEW_RELIC', accountId: settings.accountId, writeToken: settings.writeToken };
    case 'WEBHOOK':
      return { type: 'WEBHOOK', url: settings.url, secret: settings.secret || undefined };
    case 'PROMETHEUS':
      return undefined;
  }
}
