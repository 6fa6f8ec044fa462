import { ApiProperty } from '@nestjs/swagger';

// One element of the array body of POST /orgs/{orgId}/teams/{teamId}/users (checked by parseTeamUsers).
export class AddTeamUserRequest {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e90', description: 'A user of the organization.' })
  id!: string;
}
