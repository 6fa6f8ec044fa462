import { IsHostname } from '../../../../platform/net/hostname';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';
import { HOST_TYPE_NAMES } from '../../hosts/host-types';
import { ReportDiskRequest } from './report-disk.request';
import { ReportMeasurementRequest } from './report-measurement.request';

export const MAX_MEASUREMENTS_PER_HOST = 1000;
export const MAX_DISKS_PER_HOST = 100;
export const MAX_ALIASES_PER_HOST = 20;

export class ReportHostRequest {
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

  @ApiProperty({ enum: HOST_TYPE_NAMES, example: 'REPLICA_PRIMARY' })
  @IsIn(HOST_TYPE_NAMES)
  typeName!: string;

  @ApiPropertyOptional({ example: 'rs0', minLength: 1, maxLength: 255 })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  replicaSetName?: string;

  @ApiPropertyOptional({
    example: 'shop',
    minLength: 1,
    maxLength: 255,
    description: 'Sharded cluster name.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  clusterName?: string;

  @ApiProperty({ example: true, description: 'Whether the agent could reach the process.' })
  @IsBoolean()
  up!: boolean;

  // The facts of the product's host resource. Each is optional: a report without one keeps the last value.
  @ApiPropertyOptional({ example: '7.0.12', minLength: 1, maxLength: 64, description: 'MongoDB version.' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  version?: string;

  @ApiPropertyOptional({ example: '10.0.0.12', description: 'IPv4 or IPv6 address of the process.' })
  @IsOptional()
  @IsIP(undefined, { message: 'ipAddress must be an IPv4 or IPv6 address' })
  ipAddress?: string;

  @ApiPropertyOptional({
    example: 86400000,
    minimum: 0,
    description: 'Milliseconds since the process started; a smaller value than before is a restart.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  uptimeMsec?: number;

  @ApiPropertyOptional({ example: true })
  @IsOptional()
  @IsBoolean()
  journalingEnabled?: boolean;

  @ApiPropertyOptional({ example: false })
  @IsOptional()
  @IsBoolean()
  hasStartupWarnings?: boolean;

  @ApiPropertyOptional({ example: false, description: 'Whether the process runs with a too low ulimit.' })
  @IsOptional()
  @IsBoolean()
  lowUlimit?: boolean;

  @ApiPropertyOptional({ example: true, description: 'Whether the process accepts TLS connections.' })
  @IsOptional()
  @IsBoolean()
  sslEnabled?: boolean;

  @ApiPropertyOptional({
    example: '2025-06-30T00:00:00Z',
    description:
      'Expiry (ISO 8601) of the TLS certificate the process serves; raises HOST_SSL_CERTIFICATE_STALE ' +
      'within 30 days of it.',
  })
  @IsOptional()
  @IsIsoDateTime()
  sslCertificateNotAfter?: string;

  @ApiPropertyOptional({ example: 1073741824, minimum: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  lastDataSizeBytes?: number;

  @ApiPropertyOptional({ example: 104857600, minimum: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  lastIndexSizeBytes?: number;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_ALIASES_PER_HOST,
    example: ['db0-alt.example.com:27017'],
    description: 'Other host:port names the process answers to; replaces the known list when present.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ALIASES_PER_HOST)
  @IsString({ each: true })
  @Length(1, 261, { each: true })
  aliases?: string[];

  @ApiPropertyOptional({ example: false, description: 'Whether the process is a hidden replica set member.' })
  @IsOptional()
  @IsBoolean()
  hiddenSecondary?: boolean;

  @ApiPropertyOptional({
    example: '2024-03-01T08:00:00Z',
    description: 'When the process last started (ISO 8601).',
  })
  @IsOptional()
  @IsIsoDateTime()
  lastRestart?: string;

  @ApiPropertyOptional({
    example: 0,
    minimum: 0,
    description: 'Configured replication delay of the member, in seconds.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  slaveDelaySec?: number;

  @ApiPropertyOptional({ type: [ReportMeasurementRequest], maxItems: MAX_MEASUREMENTS_PER_HOST })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_MEASUREMENTS_PER_HOST)
  @ValidateNested({ each: true })
  @Type(() => ReportMeasurementRequest)
  measurements?: ReportMeasurementRequest[];

  @ApiPropertyOptional({
    type: [ReportDiskRequest],
    maxItems: MAX_DISKS_PER_HOST,
    description: "The host's disk partitions: replaces the known set when present.",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DISKS_PER_HOST)
  @ValidateNested({ each: true })
  @Type(() => ReportDiskRequest)
  disks?: ReportDiskRequest[];
}
