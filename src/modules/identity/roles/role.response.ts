import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class RoleResponse {
  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e95', description: 'Set on project roles.' })
  groupId?: string;

  @ApiPropertyOptional({ example: '5980cfc70b6d97029d82e3f6', description: 'Set on organization roles.' })
  orgId?: string;

  @ApiProperty({ example: 'ORG_MEMBER' })
  roleName!: string;
}
