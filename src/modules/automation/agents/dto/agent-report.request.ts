import { IsHostname } from '../../../../platform/net/hostname';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { AGENT_TYPES } from '../agent-types';
import { ReportHostRequest } from './report-host.request';
import { ReportProcessRequest } from './report-process.request';

export const MAX_PROCESSES_PER_REPORT = 500;
export const MAX_HOSTS_PER_REPORT = 1000;

// Body of POST /agents/v1/groups/{groupId}/reports. Every section is optional: a report with none is a
// heartbeat.
export class AgentReportRequest {
  @ApiProperty({ enum: AGENT_TYPES, example: 'MONITORING' })
  @IsIn(AGENT_TYPES)
  agentType!: string;

  @ApiProperty({
    example: 'agent0.example.com',
    minLength: 1,
    maxLength: 255,
    description: 'Host the agent runs on.',
  })
  @IsString()
  @Length(1, 255)
  @IsHostname()
  hostname!: string;

  @ApiProperty({ example: '107.0.0.8465-1', minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  version!: string;

  @ApiPropertyOptional({
    type: [ReportProcessRequest],
    maxItems: MAX_PROCESSES_PER_REPORT,
    description:
      'AUTOMATION agents only: the processes they manage; replaces what this agent reported before.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PROCESSES_PER_REPORT)
  @ValidateNested({ each: true })
  @Type(() => ReportProcessRequest)
  processes?: ReportProcessRequest[];

  @ApiPropertyOptional({ type: [ReportHostRequest], maxItems: MAX_HOSTS_PER_REPORT })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_HOSTS_PER_REPORT)
  @ValidateNested({ each: true })
  @Type(() => ReportHostRequest)
  hosts?: ReportHostRequest[];
}
