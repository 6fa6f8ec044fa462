import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, IsString } from 'class-validator';
import { THRESHOLD_OPERATORS, UNITS } from '../../catalog/metrics';

export class MetricThresholdRequest {
  @ApiProperty({ example: 'CONNECTIONS', description: 'A metric usable in alerts.' })
  @IsString()
  metricName!: string;

  @ApiPropertyOptional({
    enum: ['AVERAGE'],
    default: 'AVERAGE',
    example: 'AVERAGE',
    description: 'TOTAL is no longer supported.',
  })
  @IsOptional()
  @IsString()
  mode?: string;

  @ApiProperty({ enum: THRESHOLD_OPERATORS, example: 'GREATER_THAN' })
  @IsIn(THRESHOLD_OPERATORS)
  operator!: string;

  @ApiProperty({ example: 500 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  threshold!: number;

  @ApiPropertyOptional({
    enum: UNITS,
    example: 'RAW',
    description:
      'Must fit the metric: RAW for counts and rates, a data unit (BITS ... PETABYTES) for memory and sizes, a ' +
      'time unit (MILLISECONDS ... DAYS) for times. Default: RAW, BYTES or MILLISECONDS by the metric.',
  })
  @IsOptional()
  @IsIn(UNITS)
  units?: string;
}
