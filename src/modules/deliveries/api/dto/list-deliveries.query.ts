import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageQuery } from '../../../../platform/http/pagination/page.query';
import { DELIVERY_STATUSES } from '../../queue/delivery.entity';

export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e96', description: 'Only deliveries of this alert.' })
  @IsOptional()
  @IsString()
  alertId?: string;

  @ApiPropertyOptional({
    enum: DELIVERY_STATUSES,
    example: 'FAILED',
    description: 'Only deliveries in this status.',
  })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: string;

  @ApiPropertyOptional({
    example: 'WEBHOOK',
    description: 'Only deliveries to this target type (EMAIL, WEBHOOK ...).',
  })
  @IsOptional()
  @IsString()
  targetType?: string;
}
