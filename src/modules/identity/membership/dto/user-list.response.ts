import { ApiProperty } from '@nestjs/swagger';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';
import { UserResponse } from '../../users/dto/user.response';

export class UserListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [UserResponse] })
  results!: UserResponse[];
}
