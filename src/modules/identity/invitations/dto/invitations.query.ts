import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../platform/http/pagination/page.query';

export class InvitationsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only the pending invitation sent to this address.' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  username?: string;
}
