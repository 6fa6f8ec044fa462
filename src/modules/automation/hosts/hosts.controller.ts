import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { AutomationErrors } from '../automation.errors';
import { AddHostRequest } from './dto/add-host.request';
import { HostListResponse, HostResponse } from './dto/host.response';
import { ListHostsQuery } from './dto/list-hosts.query';
import { HostsService } from './hosts.service';

const GROUP = '5e8cc670a16506712e0b1e95';
const HOST = '5e8cc670a16506712e0b1e98';
const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const hostIdParam = ApiParam({ name: 'hostId', description: 'Host id.', example: HOST });
const groupNotFound = CommonErrors.GROUP_NOT_FOUND(GROUP);

@ApiTags('Hosts')
@Controller('groups/:groupId/hosts')
export class HostsController {
  constructor(private readonly hosts: HostsService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all monitored hosts of one project',
    description:
      'Hosts appear when an agent first reports them (or when added here). Ordered by hostname and port.',
  })
  @groupIdParam
  @ApiOkResponse({ type: HostListResponse })
  @ApiErrorResponses(404, 'Unknown project (global callers only).', [groupNotFound])
  list(
    @Param('groupId') groupId: string,
    @Query() query: ListHostsQuery,
  ): Promise<ListEnvelope<HostResponse>> {
    return this.hosts.list(groupId, query);
  }

  @Get('byName/:hostnameAndPort')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one host by hostname and port' })
  @groupIdParam
  @ApiParam({
    name: 'hostnameAndPort',
    description: '`{hostname}:{port}`.',
    example: 'db0.example.com:27017',
  })
  @ApiOkResponse({ type: HostResponse })
  @ApiErrorResponses(404, 'No monitored host with that hostname and port.', [
    AutomationErrors.HOSTNAME_AND_PORT_NOT_FOUND('db0.example.com:27017', GROUP),
    groupNotFound,
  ])
  getByName(
    @Param('groupId') groupId: string,
    @Param('hostnameAndPort') hostnameAndPort: string,
  ): Promise<HostResponse> {
    return this.hosts.getByName(groupId, hostnameAndPort);
  }

  @Get(':hostId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one host' })
  @groupIdParam
  @hostIdParam
  @ApiOkResponse({ type: HostResponse })
  @ApiErrorResponses(404, 'Unknown host or project.', [
    AutomationErrors.HOST_NOT_FOUND(HOST, GROUP),
    groupNotFound,
  ])
  get(@Param('groupId') groupId: string, @Param('hostId') hostId: string): Promise<HostResponse> {
    return this.hosts.get(groupId, hostId);
  }

  @Post()
  @RequireProjectRole('GROUP_MONITORING_ADMIN')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Start monitoring one host',
    description:
      'Adds hostname:port to the monitored hosts (a host removed earlier comes back with its id). It reads as up ' +
      'until an agent reports it down or no report mentions it for AGENT_DOWN_AFTER_SECONDS. The password is ' +
      'accepted and never stored. Needs GROUP_MONITORING_ADMIN (or GROUP_OWNER).',
  })
  @groupIdParam
  @ApiCreatedResponse({ type: HostResponse })
  @ApiErrorResponses(400, 'Missing or invalid field.', [
    CommonErrors.MISSING_ATTRIBUTE('hostname'),
    CommonErrors.INVALID_JSON_ATTRIBUTE('port'),
  ])
  @ApiErrorResponses(
    409,
    'The host is already monitored, or the project holds MAX_HOSTS_PER_PROJECT hosts.',
    [
      AutomationErrors.HOST_ALREADY_EXISTS('db0.example.com:27017', GROUP),
      AutomationErrors.MAX_HOSTS_PER_GROUP_EXCEEDED(1000, 1000, 1),
    ],
  )
  @ApiErrorResponses(404, 'Unknown project (global callers only).', [groupNotFound])
  add(@Param('groupId') groupId: string, @Body() body: AddHostRequest): Promise<HostResponse> {
    return this.hosts.add(groupId, body);
  }

  @Delete(':hostId')
  @RequireProjectRole('GROUP_MONITORING_ADMIN')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Stop monitoring one host',
    description:
      'The host leaves the lists; its disks and latest values are forgotten, its measurements age out with the ' +
      'retention, and reports about it are ignored until it is added again. Needs GROUP_MONITORING_ADMIN.',
  })
  @groupIdParam
  @hostIdParam
  @ApiNoContentResponse({ description: 'No longer monitored.' })
  @ApiErrorResponses(404, 'Unknown host or project.', [
    AutomationErrors.HOST_NOT_FOUND(HOST, GROUP),
    groupNotFound,
  ])
  remove(@Param('groupId') groupId: string, @Param('hostId') hostId: string): Promise<void> {
    return this.hosts.remove(groupId, hostId);
  }
}
