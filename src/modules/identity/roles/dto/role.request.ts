import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

// One requested role: `{orgId, roleName}`, `{groupId, roleName}` or `{roleName}` for a global role.
// The scope rules (which role needs which id) are the service's, to answer with the product's codes.
export class RoleRequest {
  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e95', description: 'For a project (GROUP_*) role.' })
  @IsOptional()
  @IsString()
  @MaxLength(24)
  groupId?: string;

  @ApiPropertyOptional({
    example: '5980cfc70b6d97029d82e3f6',
    description: 'For an organization (ORG_*) role.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(24)
  orgId?: string;

  @ApiProperty({ example: 'GROUP_READ_ONLY' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  roleName!: string;
}
