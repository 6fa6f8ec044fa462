import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

export class ProjectTeamResponse {
  @ApiProperty({ example: '6b610e1087d9d66b272f0c86' })
  teamId!: string;

  @ApiProperty({ example: ['GROUP_READ_ONLY'], description: 'The project roles every member holds here.' })
  roleNames!: string[];

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class ProjectTeamListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [ProjectTeamResponse] })
  results!: ProjectTeamResponse[];
}
