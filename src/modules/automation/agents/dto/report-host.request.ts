import { IsHostname } from '../../../../platform/net/hostname';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { HOST_TYPE_NAMES } from '../../hosts/host-types';
import { ReportDiskRequest } from './report-disk.request';
import { ReportMeasurementRequest } from './report-measurement.request';

export const MAX_MEASUREMENTS_PER_HOST = 1000;
export const MAX_DISKS_PER_HOST = 100;

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
