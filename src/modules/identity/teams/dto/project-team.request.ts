import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

// One element of the array body of POST /groups/{groupId}/teams (checked by parseProjectTeams).
export class AssignProjectTeamRequest {
  @ApiProperty({ example: '6b610e1087d9d66b272f0c86', description: "A team of the project's organization." })
  teamId!: string;

  @ApiProperty({ example: ['GROUP_READ_ONLY'], description: 'Project roles; at least one.' })
  roleNames!: string[];
}

// The body of PATCH /groups/{groupId}/teams/{teamId} (checked by parseTeamRoleNames).
export class UpdateTeamRolesRequest {
  @ApiProperty({
    example: ['GROUP_OWNER'],
    description: "The team's project roles here, replacing the old ones.",
  })
  roleNames!: string[];

  // The rest of the assignment as GET prints it may come along unchanged.
  @ReadOnlyField({ type: String })
  teamId?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
