import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MatcherRequest } from '../../alert-configs/dto/matcher.request';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';
import { NullReachesService } from '../../../../platform/http/validation';
import {
  MAINTENANCE_ALERT_TYPE_NAMES,
  MAX_DESCRIPTION_LENGTH,
  MAX_WINDOW_MATCHERS,
} from '../maintenance-window-rules';

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

  @ApiPropertyOptional({ example: '2015-10-23T22:30:00Z' })
  @IsOptional()
  @IsIsoDateTime()
  @NullReachesService()
  startDate?: string | null;

  @ApiPropertyOptional({ example: '2015-10-24T01:00:00Z' })
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
