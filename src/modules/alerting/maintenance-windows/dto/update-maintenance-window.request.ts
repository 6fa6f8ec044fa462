import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';
import { MAINTENANCE_ALERT_TYPE_NAMES, MAX_DESCRIPTION_LENGTH } from '../maintenance-window-rules';

// PATCH /groups/{groupId}/maintenanceWindows/{id}: at least one field; the ones given replace the stored
// values.
export class UpdateMaintenanceWindowRequest {
  @ApiPropertyOptional({ enum: MAINTENANCE_ALERT_TYPE_NAMES, isArray: true, example: ['HOST', 'CLUSTER'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  alertTypeNames?: string[] | null;

  @ApiPropertyOptional({ example: '2015-10-23T22:30:00Z' })
  @IsOptional()
  @IsIsoDateTime()
  startDate?: string | null;

  @ApiPropertyOptional({ example: '2015-10-24T01:00:00Z' })
  @IsOptional()
  @IsIsoDateTime()
  endDate?: string | null;

  @ApiPropertyOptional({
    example: 'extended for the index build',
    maxLength: MAX_DESCRIPTION_LENGTH,
    description: 'null or an empty string removes the description.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
