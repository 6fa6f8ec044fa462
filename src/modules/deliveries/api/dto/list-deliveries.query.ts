import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageQuery } from '../../../../platform/http/pagination/page.query';
import { DELIVERY_STATUSES } from '../../queue/delivery.entity';

export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only deliveries of this alert (its 24-hex id).' })
  @IsOptional()
  @IsString()
  alertId?: string;

  @ApiPropertyOptional({
    enum: DELIVERY_STATUSES,
    description: 'Only deliveries in this status.',
  })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: string;

  @ApiPropertyOptional({
    description: 'Only deliveries to this target type (EMAIL, WEBHOOK ...).',
  })
  @IsOptional()
  @IsString()
  targetType?: string;
}
