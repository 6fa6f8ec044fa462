import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PageQuery } from '../../../../platform/http/pagination/page.query';
import { ALERT_STATUSES } from '../alert-state';

export class ListAlertsQuery extends PageQuery {
  // Checked by the service, which answers the product's INVALID_ALERT_STATUS.
  @ApiPropertyOptional({
    enum: ALERT_STATUSES,
    description: 'Only alerts in this status; omit for all.',
  })
  @IsOptional()
  @IsString()
  status?: string;
}
