import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

export class GlobalAccessListEntryRequest {
  @ApiProperty({
    example: '192.0.2.0/24',
    description: 'An IPv4 or IPv6 block in CIDR notation, or one address.',
    maxLength: 64,
  })
  @IsString()
  @MaxLength(64)
  cidrBlock!: string;

  @ApiProperty({ example: 'Build servers', minLength: 1, maxLength: 250 })
  @IsString()
  @Length(1, 250)
  description!: string;
}

// PATCH: either field, or both; what is left out keeps its value. The rest of what GET prints may be sent
// back unchanged.
export class GlobalAccessListEntryUpdateRequest {
  @ApiPropertyOptional({ example: '192.0.2.0/24', maxLength: 64 })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  cidrBlock?: string;

  @ApiPropertyOptional({ example: 'Build servers', minLength: 1, maxLength: 250 })
  @IsOptional()
  @IsString()
  @Length(1, 250)
  description?: string;

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String, enum: ['IP_ADDRESS', 'CIDR_BLOCK'] })
  type?: unknown;

  @ReadOnlyField({ type: String })
  created?: unknown;

  @ReadOnlyField({ type: String })
  updated?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
