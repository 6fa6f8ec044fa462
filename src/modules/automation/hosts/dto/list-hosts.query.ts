import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../platform/http/pagination/page.query';

export class ListHostsQuery extends PageQuery {
  @ApiPropertyOptional({
    example: '6f1c2e3d4b5a69788796a5b4',
    description: 'Only the hosts of this cluster.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(24)
  clusterId?: string;
}
