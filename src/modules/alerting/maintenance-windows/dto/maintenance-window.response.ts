import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { MatcherResponse } from '../../alert-configs/dto/alert-config.response';
import { MAINTENANCE_ALERT_TYPE_NAMES } from '../maintenance-window-rules';

// The product's maintenance window, as its documentation prints it.
export class MaintenanceWindowResponse {
  @ApiProperty({ example: '56294bdfd4c643eef5176b73' })
  id!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: '2015-10-22T20:49:35Z' })
  created!: string;

  @ApiProperty({ example: '2015-10-22T20:49:35Z' })
  updated!: string;

  @ApiProperty({ example: '2015-10-23T22:00:00Z' })
  startDate!: string;

  @ApiProperty({ example: '2015-10-23T23:30:00Z' })
  endDate!: string;

  @ApiProperty({ enum: MAINTENANCE_ALERT_TYPE_NAMES, isArray: true, example: ['HOST', 'REPLICA_SET'] })
  alertTypeNames!: string[];

  @ApiPropertyOptional({ example: 'my description', description: 'Returned only if one was provided.' })
  description?: string;

  @ApiProperty({
    type: [MatcherResponse],
    description: 'Beyond the product: empty for a window over the whole project.',
  })
  matchers!: MatcherResponse[];

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class MaintenanceWindowListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [MaintenanceWindowResponse] })
  results!: MaintenanceWindowResponse[];
}
