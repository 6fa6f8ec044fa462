import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MatcherRequest } from '../../alert-configs/dto/matcher.request';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';
import {
  MAINTENANCE_ALERT_TYPE_NAMES,
  MAX_DESCRIPTION_LENGTH,
  MAX_WINDOW_ALERT_CONFIGS,
  MAX_WINDOW_MATCHERS,
} from '../maintenance-window-rules';
import { RecurrenceRequest } from './recurrence.request';

// Presence of the required fields is checked by the service, which answers the product's
// MISSING_MAINTENANCE_WINDOW_* codes instead of the generic MISSING_ATTRIBUTE.
export class CreateMaintenanceWindowRequest {
  @ApiProperty({
    enum: MAINTENANCE_ALERT_TYPE_NAMES,
    isArray: true,
    example: ['HOST', 'REPLICA_SET'],
    description: 'Alert types silenced during the window; at least one.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  alertTypeNames?: string[] | null;

  @ApiPropertyOptional({
    example: '2015-10-23T22:00:00Z',
    description:
      'ISO 8601; must be before endDate. Required, except for a recurring window (default: now), whose ' +
      'occurrences count from it.',
  })
  @IsOptional()
  @IsIsoDateTime()
  startDate?: string | null;

  @ApiPropertyOptional({
    example: '2015-10-23T23:30:00Z',
    description:
      'ISO 8601; must be in the future. Required, except for a recurring window: there the end date of ' +
      'its occurrences (one running at endDate stops there); omitted, it recurs for good.',
  })
  @IsOptional()
  @IsIsoDateTime()
  endDate?: string | null;

  @ApiPropertyOptional({ example: 'my description', maxLength: MAX_DESCRIPTION_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({
    type: [MatcherRequest],
    maxItems: MAX_WINDOW_MATCHERS,
    description:
      'Beyond the product: silence only the hosts or replica sets matching every matcher (same field names ' +
      'and operators as alert configuration matchers; host fields for HOST, replica-set fields for ' +
      'REPLICA_SET and BACKUP, CLUSTER_NAME for CLUSTER; AGENT alerts cannot be narrowed). ' +
      'Omitted: the whole project.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_WINDOW_MATCHERS, { message: `at most ${MAX_WINDOW_MATCHERS} matchers` })
  @ValidateNested({ each: true })
  @Type(() => MatcherRequest)
  matchers?: MatcherRequest[] | null;

  @ApiPropertyOptional({
    type: RecurrenceRequest,
    description:
      'Beyond the product: the window silences only during occurrences of this schedule, between ' +
      'startDate (default: now) and endDate (optional: omitted, it recurs for good).',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RecurrenceRequest)
  recurrence?: RecurrenceRequest | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_WINDOW_ALERT_CONFIGS,
    example: ['5efda6aea3f2ed2e7dd6ce05'],
    description:
      'Beyond the product: silence only alerts of these alert configurations of the project (each raising ' +
      'alerts of one of alertTypeNames). null or an empty list: alerts of every configuration.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_WINDOW_ALERT_CONFIGS, {
    message: `at most ${MAX_WINDOW_ALERT_CONFIGS} alert configurations`,
  })
  @IsString({ each: true })
  alertConfigIds?: string[] | null;
}
