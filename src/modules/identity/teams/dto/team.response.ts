import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

export class TeamResponse {
  @ApiProperty({ example: '6b610e1087d9d66b272f0c86' })
  id!: string;

  @ApiProperty({ example: 'Payments on call' })
  name!: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

// POST /orgs/{orgId}/teams also answers the members it was created with.
export class CreatedTeamResponse extends TeamResponse {
  @ApiProperty({ example: ['jane.doe@example.com'], description: 'The members, by username.' })
  usernames!: string[];
}

export class TeamListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [TeamResponse] })
  results!: TeamResponse[];
}
