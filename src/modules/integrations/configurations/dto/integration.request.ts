import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import {
  DATADOG_REGIONS,
  OPS_GENIE_REGIONS,
  PROMETHEUS_SCHEMES,
  PROMETHEUS_SERVICE_DISCOVERY,
} from '../integration-types';
import {
  IsAbsolutePath,
  IsHttpUrl,
  IsListenAddress,
  MAX_URL_LENGTH,
  OneOf,
  OptionalText,
  RequiredText,
  TypeField,
} from './settings-fields';

// One request class per integration type (the product's third-party
// integration configuration); the service picks the class from the path type and validates the body with it.

export class PagerDutyIntegrationRequest {
  @TypeField('PAGER_DUTY')
  type!: 'PAGER_DUTY';

  @RequiredText({
    description: 'Integration (service) key of the incident-paging service.',
    example: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  })
  serviceKey!: string;
}

export class SlackIntegrationRequest {
  @TypeField('SLACK')
  type!: 'SLACK';

  @RequiredText({
    description: 'Bot or API token of the chat workspace.',
    example: 'xoxb-2042-8475-slacktoken7890',
  })
  apiToken!: string;

  @RequiredText({ description: 'Name of the chat workspace (team).', example: 'My Team' })
  teamName!: string;

  @OptionalText({ description: 'Channel the alerts are posted to.', example: 'My Channel' })
  channelName?: string;
}

export class NewRelicIntegrationRequest {
  @TypeField('NEW_RELIC')
  type!: 'NEW_RELIC';

  @RequiredText({
    description: 'License key of the New Relic account.',
    example: 'nr-license-key-000000001234',
  })
  licenseKey!: string;

  @RequiredText({ description: 'New Relic account id.', example: '1234567' })
  accountId!: string;

  @RequiredText({ description: 'Insights insert key.', example: 'nr-insert-key-000000005678' })
  writeToken!: string;

  @RequiredText({ description: 'Insights query key.', example: 'nr-query-key-000000009012' })
  readToken!: string;
}

export class OpsGenieIntegrationRequest {
  @TypeField('OPS_GENIE')
  type!: 'OPS_GENIE';

  @RequiredText({ description: 'API key of the ops-alerting service.', example: 'opsgenie-api-key-00005678' })
  apiKey!: string;

  @OneOf(OPS_GENIE_REGIONS, { description: 'Region of the ops-alerting account.', default: 'US' })
  region?: 'US' | 'EU';
}

export class VictorOpsIntegrationRequest {
  @TypeField('VICTOR_OPS')
  type!: 'VICTOR_OPS';

  @RequiredText({
    description: 'API key of the incident-routing service.',
    example: 'victorops-api-key-00004321',
  })
  apiKey!: string;

  @OptionalText({ description: 'Routing key of the incident-routing service.', example: 'database-team' })
  routingKey?: string;
}

export class WebhookIntegrationRequest {
  @TypeField('WEBHOOK')
  type!: 'WEBHOOK';

  @ApiProperty({
    description:
      'The project webhook: alerts of WEBHOOK notifications without their own URL are POSTed here.',
    example: 'https://hooks.example.com/services/alerts/abcd',
    maxLength: MAX_URL_LENGTH,
  })
  @IsHttpUrl()
  url!: string;

  @OptionalText({
    description: 'Key of the HMAC-SHA1 `X-MMS-Signature` header.',
    example: 'whsec-very-secret-value',
  })
  secret?: string;
}

export class MicrosoftTeamsIntegrationRequest {
  @TypeField('MICROSOFT_TEAMS')
  type!: 'MICROSOFT_TEAMS';

  @ApiProperty({
    description: 'Incoming webhook URL of the team-chat channel.',
    example: 'https://contoso.webhook.office.com/webhookb2/secret-path-1357',
    maxLength: MAX_URL_LENGTH,
  })
  @IsHttpUrl()
  microsoftTeamsWebhookUrl!: string;
}

export class PrometheusIntegrationRequest {
  @TypeField('PROMETHEUS')
  type!: 'PROMETHEUS';

  @RequiredText({
    description: 'User name Prometheus sends (HTTP Basic) to the discovery endpoint.',
    example: 'prom_user',
  })
  username!: string;

  @RequiredText({
    description: 'Password Prometheus sends; only a salted hash is kept, it is never returned.',
    example: 'Prometheus-Pa55',
  })
  password!: string;

  @ApiProperty({ description: 'host:port the agents serve metrics on.', example: '0.0.0.0:9216' })
  @IsListenAddress()
  listenAddress!: string;

  @OneOf(PROMETHEUS_SERVICE_DISCOVERY, { description: 'How Prometheus discovers the targets.' })
  serviceDiscovery!: 'file' | 'http';

  @OneOf(PROMETHEUS_SCHEMES, { description: 'Scheme Prometheus scrapes with; https requires tlsPemPath.' })
  scheme!: 'http' | 'https';

  @ApiProperty({ description: 'Whether the agents expose metrics.', example: true })
  @IsBoolean()
  enabled!: boolean;

  @OptionalText({
    description: 'Absolute path of the PEM key file on the agent hosts (scheme https).',
    example: '/etc/ssl/prometheus.pem',
  })
  @IsAbsolutePath()
  tlsPemPath?: string;

  @OptionalText({ description: 'Password of an encrypted PEM key file.', example: 'pem-file-password' })
  tlsPemPassword?: string;
}

export class DatadogIntegrationRequest {
  @TypeField('DATADOG')
  type!: 'DATADOG';

  @RequiredText({ description: 'API key of the metrics service.', example: 'datadog-api-key-00008765' })
  apiKey!: string;

  @OneOf(DATADOG_REGIONS, { description: 'Region (site) of the metrics account.', default: 'US' })
  region?: 'US' | 'EU' | 'US3' | 'US5' | 'AP1';
}
