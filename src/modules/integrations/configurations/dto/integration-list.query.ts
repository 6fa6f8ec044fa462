import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { PageQuery, toBoolean } from '../../../../platform/http/pagination/page.query';

// PUT /groups/{groupId}/integrations/{integrationType}: its documented query parameters: the page parameters
// plus backupJobsEnabledOnly.
export class IntegrationListQuery extends PageQuery {
  @ApiPropertyOptional({
    default: true,
    description:
      'Accepted for compatibility. It filters backup daemon configurations, which this ' +
      'service does not hold, so it never changes the result.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  backupJobsEnabledOnly: boolean = true;
}
