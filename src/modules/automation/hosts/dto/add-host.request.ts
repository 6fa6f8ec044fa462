import { IsHostname } from '../../../../platform/net/hostname';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';

export const AUTH_MECHANISM_NAMES = [
  'NONE',
  'MONGODB_CR',
  'SCRAM-SHA-256',
  'MONGODB_X509',
  'GSSAPI',
  'PLAIN',
] as const;

// The writable fields of the product's "create one host" (start monitoring).
export class AddHostRequest {
  @ApiProperty({ example: 'db0.example.com', minLength: 1, maxLength: 255 })
  @IsString()
  @Length(1, 255)
  @IsHostname()
  hostname!: string;

  @ApiProperty({ example: 27017, minimum: 1, maximum: 65535 })
  @IsInt()
  @Min(1)
  @Max(65535)
  port!: number;

  @ApiPropertyOptional({ example: 'mms-monitoring', maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  username?: string;

  @ApiPropertyOptional({
    example: 'secret',
    maxLength: 1024,
    description: 'Accepted for compatibility and never stored: agents, not this service, connect to hosts.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ enum: AUTH_MECHANISM_NAMES, example: 'SCRAM-SHA-256' })
  @IsOptional()
  @IsIn(AUTH_MECHANISM_NAMES)
  authMechanismName?: string;

  @ApiPropertyOptional({ example: true, default: true })
  @IsOptional()
  @IsBoolean()
  alertsEnabled?: boolean;

  @ApiPropertyOptional({ example: false, default: false })
  @IsOptional()
  @IsBoolean()
  logsEnabled?: boolean;

  @ApiPropertyOptional({ example: false, default: false })
  @IsOptional()
  @IsBoolean()
  profilerEnabled?: boolean;

  @ApiPropertyOptional({ example: false, default: false })
  @IsOptional()
  @IsBoolean()
  sslEnabled?: boolean;
}
