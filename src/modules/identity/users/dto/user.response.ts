import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { RoleResponse } from '../../roles/role.response';
import { ApiKeyResponse } from '../../api-keys/dto/api-key.response';

export class UserResponse {
  @ApiPropertyOptional({ example: 'jane.doe@example.com' })
  emailAddress?: string;

  @ApiProperty({ example: 'Jane' })
  firstName!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e90' })
  id!: string;

  @ApiProperty({ example: 'Doe' })
  lastName!: string;

  @ApiPropertyOptional({ example: '+1 555 0100', description: 'Set when the user has one.' })
  mobileNumber?: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({ type: [RoleResponse] })
  roles!: RoleResponse[];

  @ApiProperty({
    type: [String],
    example: ['5e8cc670a16506712e0b1e93'],
    description: 'The teams the user belongs to.',
  })
  teamIds!: string[];

  @ApiProperty({ example: 'jane.doe@example.com' })
  username!: string;

  @ApiPropertyOptional({ example: 'US', description: 'ISO 3166-1 alpha-2 code; set when the user has one.' })
  country?: string;
}

export class FirstUserResponse {
  @ApiProperty({
    type: ApiKeyResponse,
    description: 'Global key with GLOBAL_OWNER; its privateKey is shown in full this once.',
  })
  programmaticApiKey!: ApiKeyResponse;

  @ApiProperty({ type: UserResponse })
  user!: UserResponse;
}
