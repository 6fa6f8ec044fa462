import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { MATCHER_FIELD_NAMES, MATCHER_OPERATORS } from '../../catalog/matchers';
import { THRESHOLD_OPERATORS, UNITS } from '../../catalog/metrics';
import { NOTIFICATION_TYPE_NAMES } from '../../catalog/notification-types';

export class MatcherResponse {
  @ApiProperty({ enum: MATCHER_FIELD_NAMES, example: 'REPLICA_SET_NAME' })
  fieldName!: string;

  @ApiProperty({ enum: MATCHER_OPERATORS, example: 'EQUALS' })
  operator!: string;

  @ApiProperty({ example: 'rs1' })
  value!: string;
}

export class MetricThresholdResponse {
  @ApiProperty({ example: 'CONNECTIONS' })
  metricName!: string;

  @ApiProperty({ example: 'AVERAGE' })
  mode!: string;

  @ApiProperty({ enum: THRESHOLD_OPERATORS, example: 'GREATER_THAN' })
  operator!: string;

  @ApiProperty({ example: 500 })
  threshold!: number;

  @ApiProperty({ enum: UNITS, example: 'RAW' })
  units!: string;
}

export class ThresholdResponse {
  @ApiProperty({ enum: THRESHOLD_OPERATORS, example: 'LESS_THAN' })
  operator!: string;

  @ApiProperty({ example: 2 })
  threshold!: number;

  @ApiProperty({ example: 'RAW' })
  units!: string;
}

// Each notification carries the fields that were set for its type; secrets are redacted.
export class NotificationResponse {
  @ApiProperty({ enum: NOTIFICATION_TYPE_NAMES, example: 'GROUP' })
  typeName!: string;

  @ApiProperty({ example: 0 })
  delayMin!: number;

  @ApiProperty({ example: 60 })
  intervalMin!: number;

  @ApiPropertyOptional({ example: 'sos@example.com' })
  emailAddress?: string;

  @ApiPropertyOptional({ example: true })
  emailEnabled?: boolean;

  @ApiPropertyOptional({ example: false })
  smsEnabled?: boolean;

  @ApiPropertyOptional({ example: '+1-555-0100' })
  mobileNumber?: string;

  @ApiPropertyOptional({ example: 'jane.doe@example.com' })
  username?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e99' })
  teamId?: string;

  @ApiPropertyOptional({ example: 'Operations' })
  teamName?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['GROUP_OWNER'],
    description: 'GROUP: the roles (product name).',
  })
  roles?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['GROUP_OWNER'],
    description: "GROUP: the roles (the API reference's name; same array).",
  })
  role?: string[];

  @ApiPropertyOptional({
    example: '******1234',
    description: 'Redacted: six asterisks and the last four characters.',
  })
  apiToken?: string;

  @ApiPropertyOptional({ example: '#alerts' })
  channelName?: string;

  @ApiPropertyOptional({ example: 'Ops room' })
  roomName?: string;

  @ApiPropertyOptional({ example: '******5678', description: 'Redacted.' })
  notificationToken?: string;

  @ApiPropertyOptional({ example: '******7890', description: 'Redacted.' })
  datadogApiKey?: string;

  @ApiPropertyOptional({ example: 'US' })
  datadogRegion?: string;

  @ApiPropertyOptional({ example: '******7890', description: 'Redacted.' })
  serviceKey?: string;

  @ApiPropertyOptional({ example: '******7890', description: 'Redacted.' })
  opsGenieApiKey?: string;

  @ApiPropertyOptional({ example: 'US' })
  opsGenieRegion?: string;

  @ApiPropertyOptional({ example: '******7890', description: 'Redacted.' })
  victorOpsApiKey?: string;

  @ApiPropertyOptional({ example: 'database-team' })
  victorOpsRoutingKey?: string;

  @ApiPropertyOptional({
    example: 'https://example.webhook.office.com/******1234',
    description: 'Redacted: scheme and host kept, the rest masked like a key.',
  })
  microsoftTeamsWebhookUrl?: string;

  @ApiPropertyOptional({
    example: 'https://hooks.example.com/******1234',
    description: 'Redacted: scheme and host kept, the rest masked like a key.',
  })
  webhookUrl?: string;

  @ApiPropertyOptional({ example: '******', description: 'Redacted completely.' })
  webhookSecret?: string;

  @ApiPropertyOptional({ example: '******', description: 'Redacted completely.' })
  webhookBodyTemplate?: string;

  @ApiPropertyOptional({ example: '******', description: 'Redacted completely.' })
  webhookHeadersTemplate?: string;
}

export class AlertConfigResponse {
  @ApiProperty({ example: '2014-04-23T14:52:29Z' })
  created!: string;

  @ApiProperty({ example: false })
  enabled!: boolean;

  @ApiProperty({ example: 'NO_PRIMARY' })
  eventTypeName!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e97' })
  id!: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({ type: [MatcherResponse] })
  matchers!: MatcherResponse[];

  @ApiPropertyOptional({
    type: MetricThresholdResponse,
    description: 'Present for OUTSIDE_METRIC_THRESHOLD.',
  })
  metricThreshold?: MetricThresholdResponse;

  @ApiProperty({ type: [NotificationResponse] })
  notifications!: NotificationResponse[];

  @ApiPropertyOptional({
    type: ThresholdResponse,
    description: 'Present for the replica-set member-count alerts.',
  })
  threshold?: ThresholdResponse;

  @ApiProperty({ example: '2014-04-23T14:56:25Z' })
  updated!: string;
}

export class AlertConfigListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [AlertConfigResponse] })
  results!: AlertConfigResponse[];
}
