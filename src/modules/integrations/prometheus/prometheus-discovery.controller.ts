import { Controller, Get, Headers, Param } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import { PrometheusDiscoveryService } from './prometheus-discovery.service';
import type { PrometheusTargetGroup } from './prometheus-targets';

// Outside /api/public/v1.0 and outside Digest (the product's base URL is /prometheus/v1.0): the route is
// public to the HTTP pipeline and checks HTTP Basic itself against the PROMETHEUS integration.
@ApiTags('Prometheus')
@Controller('prometheus/v1.0/groups/:groupId')
export class PrometheusDiscoveryController {
  constructor(private readonly discovery: PrometheusDiscoveryService) {}

  @Get('discovery')
  @PublicRoute()
  @ApiOperation({
    summary: 'Prometheus HTTP service discovery of one project',
    description:
      "HTTP Basic with the PROMETHEUS integration's username and password (not Digest). One target group: " +
      "each machine running a monitored process of the project, at the port of the integration's " +
      'listenAddress, with the labels group_id, group_name and org_id. An empty list when the integration ' +
      'is disabled or the project monitors no process.',
  })
  @ApiParam({ name: 'groupId', description: 'Project (group) id.', example: '5e8cc670a16506712e0b1e95' })
  @ApiHeader({ name: 'Authorization', description: 'Basic base64(username:password)', required: true })
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          targets: { type: 'array', items: { type: 'string' } },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
    example: [
      {
        targets: ['db0.example.com:9216', 'db1.example.com:9216'],
        labels: {
          group_id: '5e8cc670a16506712e0b1e95',
          group_name: 'Payments',
          org_id: '5e8cc670a16506712e0b1e90',
        },
      },
    ],
  })
  @ApiResponse({
    status: 401,
    description:
      'Missing or wrong credentials, or no PROMETHEUS integration for this project (one answer for all), ' +
      'with `WWW-Authenticate: Basic realm="Prometheus discovery"`.',
  })
  discover(
    @Param('groupId') groupId: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<PrometheusTargetGroup[]> {
    return this.discovery.discover(groupId, authorization);
  }
}
