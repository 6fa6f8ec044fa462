import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { AlertConfigResponse } from '../../alert-configs/dto/alert-config.response';

// A project's alert configuration without its project, and the projects it applies to.
export class GlobalAlertConfigResponse extends OmitType(AlertConfigResponse, ['groupId'] as const) {
  @ApiProperty({ example: true })
  forAllGroups!: boolean;

  @ApiProperty({ type: [String], example: [], description: 'The projects, when forAllGroups is false.' })
  groupIds!: string[];

  @ApiProperty({ type: [String], example: ['production'], description: 'Tags a project must all carry.' })
  tags!: string[];
}

export class GlobalAlertConfigListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [GlobalAlertConfigResponse] })
  results!: GlobalAlertConfigResponse[];
}
