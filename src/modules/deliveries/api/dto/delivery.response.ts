import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { ATTEMPT_OUTCOMES } from '../../queue/delivery-attempt.entity';
import { DELIVERY_STATUSES } from '../../queue/delivery.entity';

export class DeliveryAttemptResponse {
  @ApiProperty({ example: 1, description: 'Starts at 1 for each delivery.' })
  attemptNumber!: number;

  @ApiProperty({ example: '2024-01-15T10:30:00Z' })
  started!: string;

  @ApiProperty({
    enum: ATTEMPT_OUTCOMES,
    example: 'RETRY',
    description: 'SUCCEEDED (2xx), RETRY (408, 429, 5xx, network error or timeout), FAILED (given up).',
  })
  outcome!: string;

  @ApiPropertyOptional({ example: 503, description: 'HTTP status, or the SMTP reply code for e-mail.' })
  statusCode?: number;

  @ApiPropertyOptional({ example: 'the receiver answered HTTP 503' })
  error?: string;

  @ApiProperty({ example: 42 })
  latencyMs!: number;

  @ApiPropertyOptional({ example: '{"status":"success"}', description: 'The start of the answer.' })
  response?: string;

  @ApiPropertyOptional({
    example: '2024-01-15T10:30:01Z',
    description: 'When the next attempt is due (RETRY).',
  })
  nextAttemptAt?: string;
}

export class DeliveryResponse {
  @ApiProperty({ example: '65a5042e0c2d4b0a9a1b2c3d' })
  id!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e96' })
  alertId!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e97' })
  alertConfigId!: string;

  @ApiPropertyOptional({ example: 0, description: 'Index of the notification in its alert configuration.' })
  notificationIndex?: number;

  @ApiProperty({ example: 'GROUP', description: "typeName of the configuration's notification." })
  notificationTypeName!: string;

  @ApiProperty({ example: 'EMAIL', description: 'What received it (people are reached by EMAIL).' })
  targetType!: string;

  @ApiPropertyOptional({
    example: 'ops@example.com',
    description: 'E-mail address, phone number or Slack channel; never a key or a webhook URL.',
  })
  recipient?: string;

  @ApiProperty({
    example: 'alert.open',
    description:
      'alert.open (first and repeated notifications), alert.close, alert.cancel, alert.acknowledge, ' +
      'alert.inform, or alert.group for a message of a notification group.',
  })
  eventKind!: string;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    example: 'SUCCEEDED',
    description:
      'PENDING (due or retrying), SUCCEEDED, FAILED (given up), or SUPPRESSED: held back and never sent ' +
      'because another open alert inhibits it (HOST_DOWN of its host, or MONITORING_AGENT_DOWN while no ' +
      'monitoring agent of the project is up).',
  })
  status!: string;

  @ApiProperty({
    example: 3,
    description:
      'Every attempt started, including one under way and the older ones no longer listed in attempts.',
  })
  attemptCount!: number;

  @ApiPropertyOptional({ example: '2024-01-15T10:30:02Z', description: 'Present while PENDING.' })
  nextAttemptAt?: string;

  @ApiPropertyOptional({ example: 200 })
  lastStatusCode?: number;

  @ApiPropertyOptional({ example: 'the receiver answered HTTP 503' })
  lastError?: string;

  @ApiPropertyOptional({
    example: '65a5042e0c2d4b0a9a1b2c3e',
    description: 'SUPPRESSED only: the id of the open alert that inhibited this delivery.',
  })
  suppressedBy?: string;

  @ApiPropertyOptional({
    example: 'host db0.example.com:27017 is down (HOST_DOWN alert 65a5042e0c2d4b0a9a1b2c3e is open)',
    description: 'SUPPRESSED only: why it was held back.',
  })
  suppressionReason?: string;

  @ApiPropertyOptional({ example: '65a5042e0c2d4b0a9a1b2c3c', description: 'The delivery this one repeats.' })
  redeliveryOf?: string;

  @ApiPropertyOptional({
    example: '65a5042e0c2d4b0a9a1b2c40',
    description:
      "A group message (the project's alert grouping policy): its notification group, the same id in " +
      'every message of the group (the incident key). alertId then names the first alert it carried.',
  })
  notificationGroupId?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['5e8cc670a16506712e0b1e96', '5e8cc670a16506712e0b1e98'],
    description: 'A group message: the alerts it carried.',
  })
  alertIds?: string[];

  @ApiProperty({ example: '2024-01-15T10:30:00Z' })
  created!: string;

  @ApiProperty({ example: '2024-01-15T10:30:02Z' })
  updated!: string;

  @ApiPropertyOptional({
    example: '2024-01-15T10:30:02Z',
    description: 'Present once SUCCEEDED, FAILED or SUPPRESSED.',
  })
  completed?: string;

  @ApiProperty({
    type: [DeliveryAttemptResponse],
    description: 'The latest attempts (at most DELIVERY_ATTEMPTS_KEPT of them), oldest first.',
  })
  attempts!: DeliveryAttemptResponse[];

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class DeliveryListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [DeliveryResponse] })
  results!: DeliveryResponse[];
}
