import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../../../../platform/ids/object-id';

export class CreateProjectRequest {
  @ApiProperty({ example: 'Production', maxLength: 64 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  name!: string;

  @ApiPropertyOptional({
    example: '5980cfdf0b6d97029d82f86e',
    description:
      'Owning organization. A GLOBAL_OWNER may omit it: an organization of the same name is then created.',
  })
  // Absent, not null: @IsOptional() would let null through to the NOT NULL column (a 500).
  @ValidateIf((_request, value) => value !== undefined)
  @IsString()
  @Matches(OBJECT_ID_PATTERN, { message: 'orgId must be 24 hexadecimal digits' })
  orgId?: string;

  @ApiPropertyOptional({
    example: true,
    default: true,
    description: 'Sent by the Go client; stored with the project.',
  })
  @IsOptional()
  @IsBoolean()
  withDefaultAlertsSettings?: boolean;
}
