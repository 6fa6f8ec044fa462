import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { PageQuery, toBoolean } from '../../../../platform/http/pagination/page.query';

// Endpoint 7's documented query parameters: the page parameters plus backupJobsEnabledOnly.
export class IntegrationListQuery extends PageQuery {
  @ApiPropertyOptional({
    default: true,
    description:
      'Accepted for compatibility (spec rule 4). It filters backup daemon configurations, which this ' +
      'service does not hold, so it never changes the result.',
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  backupJobsEnabledOnly: boolean = true;
}
