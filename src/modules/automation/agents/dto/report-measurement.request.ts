import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, IsString, Matches, MaxLength } from 'class-validator';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';

export const NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;

export class ReportMeasurementRequest {
  @ApiProperty({
    example: 'CONNECTIONS',
    maxLength: 100,
    description: 'Measurement type name (OM measurement types).',
  })
  @IsString()
  @MaxLength(100)
  @Matches(NAME_PATTERN, { message: 'metricName must be an upper-case name such as CONNECTIONS' })
  metricName!: string;

  @ApiProperty({
    example: 'SCALAR',
    maxLength: 32,
    description: 'Units, e.g. SCALAR, BYTES, PERCENT, BYTES_PER_SECOND.',
  })
  @IsString()
  @MaxLength(32)
  @Matches(NAME_PATTERN, { message: 'units must be an upper-case name such as SCALAR' })
  units!: string;

  @ApiProperty({ example: 42 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  value!: number;

  @ApiProperty({
    example: '2024-01-15T10:30:00Z',
    description: 'When the value was sampled (ISO 8601); within the retention period and not in the future.',
  })
  @IsIsoDateTime()
  timestamp!: string;
}
