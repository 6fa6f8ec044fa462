import { IsHostname } from '../../../../platform/net/hostname';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';

// The product's automation status, processes[]: errorCode 0 and empty strings when the process has no error.
export class ReportProcessRequest {
  @ApiProperty({
    example: 'myReplicaSet_1',
    minLength: 1,
    maxLength: 255,
    description: 'As in the automation configuration.',
  })
  @IsString()
  @Length(1, 255)
  name!: string;

  @ApiProperty({ example: 'example.net', minLength: 1, maxLength: 255 })
  @IsString()
  @Length(1, 255)
  @IsHostname()
  hostname!: string;

  @ApiProperty({ example: 11, minimum: 0 })
  @IsInt()
  @Min(0)
  lastGoalVersionAchieved!: number;

  @ApiPropertyOptional({ type: [String], example: ['Download', 'WaitRsInit'], default: [] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  plan?: string[];

  @ApiPropertyOptional({ example: 0, minimum: 0, default: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  errorCode?: number;

  @ApiPropertyOptional({ example: '', maxLength: 10000, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  errorCodeDescription?: string;

  @ApiPropertyOptional({ example: '', maxLength: 10000, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  errorCodeHumanReadable?: string;

  @ApiPropertyOptional({ example: '', maxLength: 10000, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  errorString?: string;
}
