import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ORG_ROLE_NAMES } from '../../../../platform/auth/role-names';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateBy } from 'class-validator';
import {
  DATADOG_REGIONS,
  NOTIFICATION_ROLE_NAMES,
  NOTIFICATION_TYPE_NAMES,
  OPS_GENIE_REGIONS,
} from '../../catalog/notification-types';

// Each role at most once (ORG roles are fewer).
const MAX_ROLES = NOTIFICATION_ROLE_NAMES.length;

const IsRoleOrRoles = () =>
  ValidateBy({
    name: 'isRoleOrRoles',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' ||
        (Array.isArray(value) &&
          value.length <= MAX_ROLES &&
          value.every((role) => typeof role === 'string')),
      defaultMessage: () => `it must be a role name or an array of at most ${MAX_ROLES} role names`,
    },
  });

// One notification target. Which fields a typeName requires or accepts is checked by the service
// (alert-config-rules.ts) with the product's codes; here only the JSON types are checked.
export class NotificationRequest {
  @ApiProperty({ enum: NOTIFICATION_TYPE_NAMES, example: 'EMAIL' })
  @IsString()
  typeName!: string;

  @ApiPropertyOptional({
    example: 5,
    default: 0,
    minimum: 0,
    description: 'Minutes before the first notification.',
  })
  @IsOptional()
  @IsInt()
  delayMin?: number;

  @ApiPropertyOptional({
    example: 60,
    default: 60,
    minimum: 5,
    description: 'Minutes between notifications.',
  })
  @IsOptional()
  @IsInt()
  intervalMin?: number;

  @ApiPropertyOptional({ example: 'sos@example.com', description: 'EMAIL: recipient address (required).' })
  @IsOptional()
  @IsString()
  emailAddress?: string;

  @ApiPropertyOptional({ example: true, description: 'GROUP, USER, TEAM, ORG: send e-mail.' })
  @IsOptional()
  @IsBoolean()
  emailEnabled?: boolean;

  @ApiPropertyOptional({ example: false, description: 'GROUP, USER, TEAM, ORG: send SMS.' })
  @IsOptional()
  @IsBoolean()
  smsEnabled?: boolean;

  @ApiPropertyOptional({ example: '+1-555-0100', description: 'SMS: recipient number (required).' })
  @IsOptional()
  @IsString()
  mobileNumber?: string;

  @ApiPropertyOptional({
    example: 'jane.doe@example.com',
    description: 'USER: a user of the project (required).',
  })
  @IsOptional()
  @IsString()
  username?: string;

  @ApiPropertyOptional({
    example: '5e8cc670a16506712e0b1e99',
    description: "TEAM: id of one of the organization's teams (required); its members are e-mailed.",
  })
  @IsOptional()
  @IsString()
  teamId?: string;

  @ApiPropertyOptional({ example: 'Operations', description: 'TEAM: label of the team.' })
  @IsOptional()
  @IsString()
  teamName?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: MAX_ROLES }],
    example: 'GROUP_OWNER',
    description: `GROUP: project role(s) that receive the alert (${NOTIFICATION_ROLE_NAMES.join(', ')}), held directly or through a team; ORG: organization role(s) (${ORG_ROLE_NAMES.join(', ')}); omitted: every role.`,
  })
  @IsOptional()
  @IsRoleOrRoles()
  role?: string | string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_ROLES,
    example: ['GROUP_OWNER', 'GROUP_MONITORING_ADMIN'],
    description: 'GROUP and ORG: same as `role`, as the Go client sends it.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ROLES, { message: `at most ${MAX_ROLES} roles` })
  @IsString({ each: true })
  roles?: string[];

  @ApiPropertyOptional({
    example: 'xoxb-0000-0000-abcdefgh1234',
    description:
      'SLACK: bot token (required with channelName; secret). Both omitted: the SLACK integration of the project.',
  })
  @IsOptional()
  @IsString()
  apiToken?: string;

  @ApiPropertyOptional({ example: '#alerts', description: 'SLACK: channel (required with apiToken).' })
  @IsOptional()
  @IsString()
  channelName?: string;

  @ApiPropertyOptional({ example: 'Ops room', description: 'HIP_CHAT: room (required).' })
  @IsOptional()
  @IsString()
  roomName?: string;

  @ApiPropertyOptional({
    example: 'hc-token-12345678',
    description: 'HIP_CHAT: API token (required; secret).',
  })
  @IsOptional()
  @IsString()
  notificationToken?: string;

  @ApiPropertyOptional({
    example: 'dd-api-key-1234567890',
    description:
      'DATADOG: API key (secret). Omitted with datadogRegion: the DATADOG integration of the project.',
  })
  @IsOptional()
  @IsString()
  datadogApiKey?: string;

  @ApiPropertyOptional({
    enum: DATADOG_REGIONS,
    default: 'US',
    example: 'EU',
    description: 'DATADOG: site region.',
  })
  @IsOptional()
  @IsString()
  datadogRegion?: string;

  @ApiPropertyOptional({
    example: 'pd-service-key-1234567890',
    description: 'PAGER_DUTY: integration key (secret). Omitted: the PAGER_DUTY integration of the project.',
  })
  @IsOptional()
  @IsString()
  serviceKey?: string;

  @ApiPropertyOptional({
    example: 'opsgenie-key-1234567890',
    description:
      'OPS_GENIE: API key (secret). Omitted with opsGenieRegion: the OPS_GENIE integration of the project.',
  })
  @IsOptional()
  @IsString()
  opsGenieApiKey?: string;

  @ApiPropertyOptional({
    enum: OPS_GENIE_REGIONS,
    default: 'US',
    example: 'US',
    description: 'OPS_GENIE: region.',
  })
  @IsOptional()
  @IsString()
  opsGenieRegion?: string;

  @ApiPropertyOptional({
    example: 'victorops-key-1234567890',
    description:
      'VICTOR_OPS: API key (secret). Omitted with victorOpsRoutingKey: the VICTOR_OPS integration of the project.',
  })
  @IsOptional()
  @IsString()
  victorOpsApiKey?: string;

  @ApiPropertyOptional({ example: 'database-team', description: 'VICTOR_OPS: routing key.' })
  @IsOptional()
  @IsString()
  victorOpsRoutingKey?: string;

  @ApiPropertyOptional({
    example: 'https://example.webhook.office.com/webhookb2/abcd1234',
    description:
      'MICROSOFT_TEAMS: incoming webhook URL, https (secret). Omitted: the MICROSOFT_TEAMS integration of the project.',
  })
  @IsOptional()
  @IsString()
  microsoftTeamsWebhookUrl?: string;

  @ApiPropertyOptional({
    example: 'https://hooks.example.com/alerts/abcd1234',
    description:
      'WEBHOOK: http(s) URL the alert is POSTed to (secret). Omitted with webhookSecret: the WEBHOOK integration of the project (400 WEBHOOK_URL_NOT_SET when it has none).',
  })
  @IsOptional()
  @IsString()
  webhookUrl?: string;

  @ApiPropertyOptional({
    example: 'whsec-0123456789',
    description: 'WEBHOOK: HMAC-SHA1 signing secret (secret).',
  })
  @IsOptional()
  @IsString()
  webhookSecret?: string;

  @ApiPropertyOptional({
    example: '{"text": "${humanReadable}", "alertId": "${id}"}',
    description:
      'WEBHOOK: FreeMarker-style body template (`${name}`, `${a.b}`, `${a!"default"}`, `${re.group(input, "regex", n)}`, ' +
      '`${re.findAllGroup(...)}`), at most 10,000 characters, checked for syntax when saved (secret).',
  })
  @IsOptional()
  @IsString()
  webhookBodyTemplate?: string;

  @ApiPropertyOptional({
    example: '{"X-Alert-Id": "${id}", "X-MMS-Signature": "${signature}"}',
    description:
      'WEBHOOK: headers template (a JSON object of names to values); same rules as the body template.',
  })
  @IsOptional()
  @IsString()
  webhookHeadersTemplate?: string;
}
