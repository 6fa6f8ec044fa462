import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ProjectRoleRequest {
  @ApiPropertyOptional({
    example: '5e8cc670a16506712e0b1e95',
    description: 'If sent, the project of the path.',
  })
  groupId?: string;

  @ApiProperty({ example: 'GROUP_READ_ONLY' })
  roleName!: string;
}

// One element of the array body of POST /groups/{groupId}/users (checked by parseProjectUsers).
export class AddProjectUserRequest {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e90', description: 'An existing user.' })
  id!: string;

  @ApiProperty({ type: [ProjectRoleRequest], example: [{ roleName: 'GROUP_READ_ONLY' }] })
  roles!: ProjectRoleRequest[];
}
