import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ApiPropertyOptional } from '@nestjs/swagger';
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
import { NullReachesService } from '../../../../platform/http/validation';
import {
  MAINTENANCE_ALERT_TYPE_NAMES,
  MAX_DESCRIPTION_LENGTH,
  MAX_WINDOW_ALERT_CONFIGS,
  MAX_WINDOW_MATCHERS,
} from '../maintenance-window-rules';
import { RecurrenceRequest } from './recurrence.request';

// PATCH /groups/{groupId}/maintenanceWindows/{id}: at least one field; the ones given replace the stored
// values.
export class UpdateMaintenanceWindowRequest {
  @ApiPropertyOptional({ enum: MAINTENANCE_ALERT_TYPE_NAMES, isArray: true, example: ['HOST', 'CLUSTER'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @NullReachesService()
  alertTypeNames?: string[] | null;

  @ApiPropertyOptional({
    example: '2015-10-23T22:30:00Z',
    description: 'null on a recurring window: it recurs from now.',
  })
  @IsOptional()
  @IsIsoDateTime()
  @NullReachesService()
  startDate?: string | null;

  @ApiPropertyOptional({
    example: '2015-10-24T01:00:00Z',
    description: 'null on a recurring window: it recurs for good.',
  })
  @IsOptional()
  @IsIsoDateTime()
  @NullReachesService()
  endDate?: string | null;

  @ApiPropertyOptional({
    example: 'extended for the index build',
    maxLength: MAX_DESCRIPTION_LENGTH,
    description: 'null or an empty string removes the description.',
    type: String,
    nullable: true,
  })
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
      'null or an empty list widens the window back to the whole project. Omitted: the whole project.',
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
      'startDate and endDate. null makes the window one-off again (it then needs an endDate).',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RecurrenceRequest)
  @NullReachesService()
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
  @NullReachesService()
  alertConfigIds?: string[] | null;

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  groupId?: unknown;

  @ReadOnlyField({ type: String })
  created?: unknown;

  @ReadOnlyField({ type: String })
  updated?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
