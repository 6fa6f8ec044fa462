import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

// One element of the POST body array. Exactly one of ipAddress / cidrBlock (see entry-input.ts).
export class AccessListEntryRequest {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '192.0.2.15',
    description: 'A single IPv4 or IPv6 address. Mutually exclusive with cidrBlock.',
    maxLength: 64,
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ipAddress?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '192.0.2.0/24',
    description: 'A range of addresses in CIDR notation. Mutually exclusive with ipAddress.',
    maxLength: 64,
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  cidrBlock?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Build server',
    description: 'Free text kept with the entry (stored and put in the audit event, not returned).',
    maxLength: 250,
  })
  @IsOptional()
  @IsString()
  @MaxLength(250)
  comment?: string | null;
}
