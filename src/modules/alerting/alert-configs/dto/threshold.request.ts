import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional } from 'class-validator';
import { THRESHOLD_OPERATORS, UNITS } from '../../catalog/metrics';

// For TOO_FEW_HEALTHY_MEMBERS and TOO_MANY_UNHEALTHY_MEMBERS.
export class ThresholdRequest {
  @ApiProperty({ enum: THRESHOLD_OPERATORS, example: 'LESS_THAN' })
  @IsIn(THRESHOLD_OPERATORS)
  operator!: string;

  @ApiProperty({ example: 2, description: 'A number of members.' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  threshold!: number;

  @ApiPropertyOptional({ enum: ['RAW'], default: 'RAW', example: 'RAW' })
  @IsOptional()
  @IsIn(UNITS)
  units?: string;
}
