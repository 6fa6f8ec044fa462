import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import {
  MatcherResponse,
  MetricThresholdResponse,
  NotificationResponse,
} from '../../alert-configs/dto/alert-config.response';
import { ALERT_UNITS, SOURCE_TYPE_NAMES } from '../alert-details';
import { ALERT_STATUSES } from '../alert-state';

export class AlertCurrentValueResponse {
  @ApiProperty({ example: 0.0 })
  number!: number;

  @ApiProperty({ enum: ALERT_UNITS, example: 'RAW' })
  units!: string;
}

// As the product's alert and its documented examples: a field is present only when it applies.
export class AlertResponse {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e96' })
  id!: string;

  @ApiProperty({
    example: '5e8cc670a16506712e0b1e95',
    description: 'Project for which the alert was opened.',
  })
  groupId!: string;

  @ApiProperty({
    example: '5e8cc670a16506712e0b1e97',
    description: 'Alert configuration that triggered the alert.',
  })
  alertConfigId!: string;

  @ApiProperty({ example: 'OUTSIDE_METRIC_THRESHOLD' })
  eventTypeName!: string;

  @ApiProperty({ enum: ALERT_STATUSES, example: 'OPEN' })
  status!: string;

  @ApiProperty({ example: '2014-04-03T20:28:14Z' })
  created!: string;

  @ApiProperty({ example: '2014-04-03T20:33:14Z' })
  updated!: string;

  @ApiPropertyOptional({
    example: '2014-04-03T20:33:23Z',
    description: 'Present once a notification was sent.',
  })
  lastNotified?: string;

  @ApiPropertyOptional({ example: '2014-04-04T08:00:00Z', description: 'Present when status is CLOSED.' })
  resolved?: string;

  @ApiPropertyOptional({
    example: '2014-04-15T04:00:00Z',
    description: 'Present while the alert is acknowledged; absent once this time has passed.',
  })
  acknowledgedUntil?: string;

  @ApiPropertyOptional({
    example: 'This is normal. Please ignore.',
    description: 'Present while acknowledged, if given.',
  })
  acknowledgementComment?: string;

  @ApiPropertyOptional({
    example: 'someuser@example.com',
    description:
      'Who acknowledged: the user name of a user, or the public key of an API key. Present while acknowledged.',
  })
  acknowledgingUsername?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e9a' })
  clusterId?: string;

  @ApiPropertyOptional({ example: 'Cluster0' })
  clusterName?: string;

  @ApiPropertyOptional({ type: AlertCurrentValueResponse })
  currentValue?: AlertCurrentValueResponse;

  @ApiPropertyOptional({ example: '2c4b7d9e0f1a2b3c4d5e6f70' })
  hostId?: string;

  @ApiPropertyOptional({ example: 'db0.example.com:27017' })
  hostnameAndPort?: string;

  @ApiPropertyOptional({ example: 'ASSERT_REGULAR' })
  metricName?: string;

  @ApiPropertyOptional({ example: 'rs1' })
  replicaSetName?: string;

  @ApiPropertyOptional({ enum: SOURCE_TYPE_NAMES, example: 'REPLICA_SET' })
  sourceTypeName?: string;

  @ApiProperty({ type: [String], example: [] })
  tags!: string[];

  @ApiPropertyOptional({ example: 'Asserts: Regular is 0.0 on db0.example.com:27017.' })
  humanReadable?: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiPropertyOptional({
    example: true,
    description: "The alert configuration's `enabled`; absent once the configuration is deleted.",
  })
  enabled?: boolean;

  @ApiPropertyOptional({
    type: [MatcherResponse],
    description: "The alert configuration's matchers; absent once the configuration is deleted.",
  })
  matchers?: MatcherResponse[];

  @ApiPropertyOptional({
    type: MetricThresholdResponse,
    description: "The alert configuration's metric threshold, when it has one.",
  })
  metricThreshold?: MetricThresholdResponse;

  @ApiPropertyOptional({
    type: [NotificationResponse],
    description:
      "The alert configuration's notifications, secrets redacted as the configuration's GET redacts them; " +
      'absent once the configuration is deleted.',
  })
  notifications?: NotificationResponse[];
}

export class AlertListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [AlertResponse] })
  results!: AlertResponse[];
}
