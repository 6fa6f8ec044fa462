import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { RoleResponse } from '../../roles/role.response';

export class ApiKeyResponse {
  @ApiProperty({ example: 'Test Docs Service User' })
  desc!: string;

  @ApiProperty({ example: '5c47503320eef5699e1cce8d' })
  id!: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({
    example: '********-****-****-db2c132ca78d',
    description: 'Shown in full only in the response that creates the key; masked afterwards.',
  })
  privateKey!: string;

  @ApiProperty({ example: 'ewmaqvdo' })
  publicKey!: string;

  @ApiProperty({ type: [RoleResponse] })
  roles!: RoleResponse[];
}

export class ApiKeyListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [ApiKeyResponse] })
  results!: ApiKeyResponse[];
}
