import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { DeliveriesErrors } from '../deliveries.errors';
import { DeliveriesService } from './deliveries.service';
import { DeliveryListResponse, DeliveryResponse } from './dto/delivery.response';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';

const GROUP = '5e8cc670a16506712e0b1e95';
const DELIVERY = '65a5042e0c2d4b0a9a1b2c3d';

const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const deliveryIdParam = ApiParam({ name: 'deliveryId', description: 'Delivery id.', example: DELIVERY });
const notFound = ApiErrorResponses(404, 'Malformed or unknown delivery id, or unknown project.', [
  DeliveriesErrors.INVALID_DELIVERY_ID('not-an-id'),
  DeliveriesErrors.DELIVERY_NOT_FOUND(DELIVERY, GROUP),
  CommonErrors.GROUP_NOT_FOUND(GROUP),
]);

// The delivery log: one row per notification of an alert event to one receiver, with every attempt.
@ApiTags('Deliveries')
@Controller('groups/:groupId/deliveries')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get the delivery log of one project',
    description:
      'Newest first; each delivery carries every attempt (status code, error, latency, start of the answer). ' +
      'Filters: alertId, status (PENDING, SUCCEEDED, FAILED), targetType. Needs a project read role.',
  })
  @groupIdParam
  @ApiOkResponse({ type: DeliveryListResponse })
  @ApiErrorResponses(404, 'Unknown project.', [CommonErrors.GROUP_NOT_FOUND(GROUP)])
  list(
    @Param('groupId') groupId: string,
    @Query() query: ListDeliveriesQuery,
  ): Promise<ListEnvelope<DeliveryResponse>> {
    return this.deliveries.list(groupId, query);
  }

  @Get(':deliveryId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one delivery with its attempts', description: 'Needs a project read role.' })
  @groupIdParam
  @deliveryIdParam
  @ApiOkResponse({ type: DeliveryResponse })
  @notFound
  get(@Param('groupId') groupId: string, @Param('deliveryId') deliveryId: string): Promise<DeliveryResponse> {
    return this.deliveries.get(groupId, deliveryId);
  }

  @Post(':deliveryId/redeliver')
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireProjectRole('GROUP_OWNER', 'GROUP_MONITORING_ADMIN')
  @ApiOperation({
    summary: 'Deliver one notification again',
    description:
      'Queues a new delivery to the same receiver with the same alert payload, due at once, and answers 202 ' +
      'with it (its `redeliveryOf` names the original, which is left as it was). Works for any status. ' +
      'Needs GROUP_OWNER or GROUP_MONITORING_ADMIN.',
  })
  @groupIdParam
  @deliveryIdParam
  @ApiAcceptedResponse({ type: DeliveryResponse })
  @notFound
  redeliver(
    @Param('groupId') groupId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryResponse> {
    return this.deliveries.redeliver(groupId, deliveryId);
  }
}
