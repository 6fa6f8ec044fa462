import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery, toBoolean } from '../../../../platform/http/pagination/page.query';

export class ListOrganizationsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Case-insensitive prefix of the organization name, e.g. `Ac`.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  name?: string;

  @ApiPropertyOptional({
    default: false,
    description:
      'Accepted for client compatibility; a deleted organization is removed, so none is ever listed.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  includeDeletedOrgs?: boolean;
}
