import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { GROUP_BY_KEYS } from '../grouping-keys';

export class AlertGroupingPolicyResponse {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ enum: GROUP_BY_KEYS, isArray: true, example: ['REPLICA_SET'] })
  groupBy!: string[];

  @ApiProperty({ example: 30 })
  groupWaitSeconds!: number;

  @ApiProperty({ example: 300 })
  groupIntervalSeconds!: number;

  @ApiPropertyOptional({
    example: 60,
    description: 'Absent: each group repeats every intervalMin of its notifications (the shortest).',
  })
  repeatIntervalMinutes?: number;

  @ApiPropertyOptional({ example: '2024-01-15T10:30:00Z', description: 'Absent while no policy is saved.' })
  created?: string;

  @ApiPropertyOptional({ example: '2024-01-15T10:30:00Z', description: 'Absent while no policy is saved.' })
  updated?: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}
