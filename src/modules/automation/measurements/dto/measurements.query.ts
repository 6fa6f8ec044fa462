import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { GRANULARITIES } from '../measurement-window';
import { toArray } from '../../../../platform/http/query-values';

// Combinations (granularity required; period or start+end) are checked by the service, which answers
// the product's MISSING_QUERY_PARAMETER / MUTUALLY_EXCLUSIVE_QUERY_PARAMETERS.
export class MeasurementsQuery {
  @ApiProperty({
    enum: GRANULARITIES,
    description: 'Interval between data points (ISO 8601), e.g. `PT5M`.',
  })
  @IsOptional()
  @IsString()
  granularity?: string;

  @ApiPropertyOptional({
    description: 'How far back from now (ISO 8601 duration, e.g. P1DT12H). Not with start/end.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  period?: string;

  @ApiPropertyOptional({
    description: 'Start of the window (ISO 8601), e.g. `2024-01-15T09:00:00Z`; needs end. Not with period.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  start?: string;

  @ApiPropertyOptional({
    description: 'End of the window, excluded, e.g. `2024-01-15T10:00:00Z`; needs start. Not with period.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  end?: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      'Only these measurements, e.g. `CONNECTIONS`; repeat the parameter for several. All when omitted.',
  })
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(100)
  @MaxLength(100, { each: true })
  @Matches(/^[A-Z][A-Z0-9_]*$/, { each: true, message: 'm must be a measurement name such as CONNECTIONS' })
  m?: string[];
}
