import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';
import { MAINTENANCE_ALERT_TYPE_NAMES, MAX_DESCRIPTION_LENGTH } from '../maintenance-window-rules';

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

  @ApiProperty({ example: '2015-10-23T22:00:00Z', description: 'ISO 8601; must be before endDate.' })
  @IsOptional()
  @IsIsoDateTime()
  startDate?: string | null;

  @ApiProperty({ example: '2015-10-23T23:30:00Z', description: 'ISO 8601; must be in the future.' })
  @IsOptional()
  @IsIsoDateTime()
  endDate?: string | null;

  @ApiPropertyOptional({ example: 'my description', maxLength: MAX_DESCRIPTION_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
