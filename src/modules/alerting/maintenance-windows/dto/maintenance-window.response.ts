import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { MatcherResponse } from '../../alert-configs/dto/alert-config.response';
import { MAINTENANCE_ALERT_TYPE_NAMES } from '../maintenance-window-rules';
import { DAYS_OF_WEEK } from '../window-recurrence';

// Beyond the product: when a recurring window silences (see RecurrenceRequest).
export class RecurrenceResponse {
  @ApiProperty({ enum: DAYS_OF_WEEK, isArray: true, example: ['SATURDAY', 'SUNDAY'] })
  daysOfWeek!: string[];

  @ApiProperty({ example: '22:00' })
  startTime!: string;

  @ApiProperty({ example: '02:00' })
  endTime!: string;

  @ApiProperty({ example: 'Europe/Berlin' })
  timeZone!: string;
}

// The product's maintenance window, as its documentation prints it.
export class MaintenanceWindowResponse {
  @ApiProperty({ example: '56294bdfd4c643eef5176b73' })
  id!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: '2015-10-22T20:49:35Z' })
  created!: string;

  @ApiProperty({ example: '2015-10-22T20:49:35Z' })
  updated!: string;

  @ApiProperty({ example: '2015-10-23T22:00:00Z' })
  startDate!: string;

  @ApiPropertyOptional({
    example: '2015-10-23T23:30:00Z',
    description: 'Always for a one-off window; omitted for a recurring window that recurs for good.',
  })
  endDate?: string;

  @ApiProperty({ enum: MAINTENANCE_ALERT_TYPE_NAMES, isArray: true, example: ['HOST', 'REPLICA_SET'] })
  alertTypeNames!: string[];

  @ApiPropertyOptional({ example: 'my description', description: 'Returned only if one was provided.' })
  description?: string;

  @ApiProperty({
    type: [MatcherResponse],
    description: 'Beyond the product: empty for a window over the whole project.',
  })
  matchers!: MatcherResponse[];

  @ApiPropertyOptional({
    type: RecurrenceResponse,
    description: 'Beyond the product: returned only for a recurring window.',
  })
  recurrence?: RecurrenceResponse;

  @ApiPropertyOptional({
    type: [String],
    example: ['5efda6aea3f2ed2e7dd6ce05'],
    description:
      'Beyond the product: the alert configurations whose alerts it silences; returned only when it names some.',
  })
  alertConfigIds?: string[];

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class MaintenanceWindowListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [MaintenanceWindowResponse] })
  results!: MaintenanceWindowResponse[];
}
