import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../../../../platform/ids/object-id';

export class CreateProjectQuery {
  @ApiPropertyOptional({
    description: 'User to make GROUP_OWNER of the new project; ignored when no such user exists.',
  })
  @IsOptional()
  @IsString()
  @Matches(OBJECT_ID_PATTERN, { message: 'projectOwnerId must be 24 hexadecimal digits' })
  projectOwnerId?: string;
}
