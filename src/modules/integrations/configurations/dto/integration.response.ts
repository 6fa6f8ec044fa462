import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

// Response shapes per type (as the product prints them): secrets redacted, keys in alphabetical order.
const PARTIAL = 'Partially redacted: six asterisks and the last four characters.';
const URL_REDACTED = 'Partially redacted: scheme and host kept, the rest masked like a key.';

export class PagerDutyIntegrationResponse {
  @ApiProperty({ example: '******8f90', description: PARTIAL })
  serviceKey!: string;

  @ApiProperty({ enum: ['PAGER_DUTY'], example: 'PAGER_DUTY' })
  type!: 'PAGER_DUTY';
}

export class SlackIntegrationResponse {
  @ApiProperty({ example: '******7890', description: PARTIAL })
  apiToken!: string;

  @ApiProperty({ example: 'My Channel', description: 'Empty string when unset.' })
  channelName!: string;

  @ApiPropertyOptional({ example: 'My Team', description: 'Absent for a legacy integration.' })
  teamName?: string;

  @ApiProperty({ enum: ['SLACK'], example: 'SLACK' })
  type!: 'SLACK';
}

export class NewRelicIntegrationResponse {
  @ApiProperty({ example: '1234567' })
  accountId!: string;

  @ApiProperty({ example: '******1234', description: PARTIAL })
  licenseKey!: string;

  @ApiProperty({ example: '******9012', description: PARTIAL })
  readToken!: string;

  @ApiProperty({ enum: ['NEW_RELIC'], example: 'NEW_RELIC' })
  type!: 'NEW_RELIC';

  @ApiProperty({ example: '******5678', description: PARTIAL })
  writeToken!: string;
}

export class OpsGenieIntegrationResponse {
  @ApiProperty({ example: '******5678', description: PARTIAL })
  apiKey!: string;

  @ApiProperty({ enum: ['US', 'EU'], example: 'US' })
  region!: string;

  @ApiProperty({ enum: ['OPS_GENIE'], example: 'OPS_GENIE' })
  type!: 'OPS_GENIE';
}

export class VictorOpsIntegrationResponse {
  @ApiProperty({ example: '******4321', description: PARTIAL })
  apiKey!: string;

  @ApiPropertyOptional({ example: 'database-team', description: 'Present when configured.' })
  routingKey?: string;

  @ApiProperty({ enum: ['VICTOR_OPS'], example: 'VICTOR_OPS' })
  type!: 'VICTOR_OPS';
}

export class WebhookIntegrationResponse {
  @ApiPropertyOptional({ example: '******', description: 'Present when configured; completely redacted.' })
  secret?: string;

  @ApiProperty({ enum: ['WEBHOOK'], example: 'WEBHOOK' })
  type!: 'WEBHOOK';

  @ApiProperty({ example: 'https://hooks.example.com/******abcd', description: URL_REDACTED })
  url!: string;
}

export class MicrosoftTeamsIntegrationResponse {
  @ApiProperty({ example: 'https://contoso.webhook.office.com/******1357', description: URL_REDACTED })
  microsoftTeamsWebhookUrl!: string;

  @ApiProperty({ enum: ['MICROSOFT_TEAMS'], example: 'MICROSOFT_TEAMS' })
  type!: 'MICROSOFT_TEAMS';
}

export class PrometheusIntegrationResponse {
  @ApiProperty({ example: true })
  enabled!: boolean;

  @ApiProperty({ example: '0.0.0.0:9216' })
  listenAddress!: string;

  @ApiProperty({ enum: ['http', 'https'], example: 'https' })
  scheme!: string;

  @ApiProperty({ enum: ['file', 'http'], example: 'http' })
  serviceDiscovery!: string;

  @ApiPropertyOptional({ example: '******', description: 'Present when set; completely redacted.' })
  tlsPemPassword?: string;

  @ApiPropertyOptional({ example: '/etc/ssl/prometheus.pem', description: 'Present when set.' })
  tlsPemPath?: string;

  @ApiProperty({ enum: ['PROMETHEUS'], example: 'PROMETHEUS' })
  type!: 'PROMETHEUS';

  @ApiProperty({ example: 'prom_user', description: 'The password is never returned.' })
  username!: string;
}

export class DatadogIntegrationResponse {
  @ApiProperty({ example: '******8765', description: PARTIAL })
  apiKey!: string;

  @ApiProperty({ enum: ['US', 'EU', 'US3', 'US5', 'AP1'], example: 'US' })
  region!: string;

  @ApiProperty({ enum: ['DATADOG'], example: 'DATADOG' })
  type!: 'DATADOG';
}

export type IntegrationResponse =
  | PagerDutyIntegrationResponse
  | SlackIntegrationResponse
  | NewRelicIntegrationResponse
  | OpsGenieIntegrationResponse
  | VictorOpsIntegrationResponse
  | WebhookIntegrationResponse
  | MicrosoftTeamsIntegrationResponse
  | PrometheusIntegrationResponse
  | DatadogIntegrationResponse;

export const INTEGRATION_RESPONSE_CLASSES = {
  PAGER_DUTY: PagerDutyIntegrationResponse,
  SLACK: SlackIntegrationResponse,
  NEW_RELIC: NewRelicIntegrationResponse,
  OPS_GENIE: OpsGenieIntegrationResponse,
  VICTOR_OPS: VictorOpsIntegrationResponse,
  WEBHOOK: WebhookIntegrationResponse,
  MICROSOFT_TEAMS: MicrosoftTeamsIntegrationResponse,
  PROMETHEUS: PrometheusIntegrationResponse,
  DATADOG: DatadogIntegrationResponse,
} as const;

// OpenAPI: one of the per-type shapes, told apart by `type` (the classes are registered as extra models).
export const INTEGRATION_RESPONSE_SCHEMA = {
  oneOf: Object.values(INTEGRATION_RESPONSE_CLASSES).map((model) => ({ $ref: getSchemaPath(model) })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(
      Object.entries(INTEGRATION_RESPONSE_CLASSES).map(([type, model]) => [type, getSchemaPath(model)]),
    ),
  },
};

export class IntegrationListResponse extends ListEnvelopeResponse {
  @ApiProperty({
    type: 'array',
    items: INTEGRATION_RESPONSE_SCHEMA,
    description: 'Every integration of the project.',
  })
  results!: IntegrationResponse[];
}
