import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { PageQuery, toBoolean } from '../../../../platform/http/pagination/page.query';

export class ProjectUsersQuery extends PageQuery {
  @ApiPropertyOptional({
    default: false,
    description: "Also list the members of teams assigned to the project, with the teams' roles.",
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  flattenTeams: boolean = false;

  @ApiPropertyOptional({
    default: false,
    description: 'Also list users who reach the project through ORG_OWNER or ORG_READ_ONLY.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  includeOrgUsers: boolean = false;
}
