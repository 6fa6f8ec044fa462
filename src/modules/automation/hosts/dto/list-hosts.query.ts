import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../platform/http/pagination/page.query';

export class ListHostsQuery extends PageQuery {
  @ApiPropertyOptional({
    description: 'Only the hosts of this cluster.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(24)
  clusterId?: string;
}
