import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { AutomationErrors } from '../automation.errors';
import { DisksService } from './disks.service';
import { DiskListResponse, DiskResponse } from './dto/disk.response';

const GROUP = '5e8cc670a16506712e0b1e95';
const HOST = '5e8cc670a16506712e0b1e98';
const groupIdParam = ApiParam({ name: 'groupId', description: 'Project (group) id.', example: GROUP });
const hostIdParam = ApiParam({ name: 'hostId', description: 'Host id.', example: HOST });
const hostNotFound = AutomationErrors.HOST_NOT_FOUND(HOST, GROUP);

@ApiTags('Hosts')
@Controller('groups/:groupId/hosts/:hostId/disks')
export class DisksController {
  constructor(private readonly disks: DisksService) {}

  @Get()
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({
    summary: 'Get all disk partitions of one host',
    description: 'As its agents last reported them.',
  })
  @groupIdParam
  @hostIdParam
  @ApiOkResponse({ type: DiskListResponse })
  @ApiErrorResponses(404, 'Unknown host or project.', [hostNotFound, CommonErrors.GROUP_NOT_FOUND(GROUP)])
  list(
    @Param('groupId') groupId: string,
    @Param('hostId') hostId: string,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<DiskResponse>> {
    return this.disks.list(groupId, hostId, query);
  }

  @Get(':partitionName')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one disk partition of one host' })
  @groupIdParam
  @hostIdParam
  @ApiParam({ name: 'partitionName', description: 'Partition (device) name.', example: 'xvdf' })
  @ApiOkResponse({ type: DiskResponse })
  @ApiErrorResponses(404, 'Unknown partition, host or project.', [
    AutomationErrors.DEVICE_NOT_FOUND('xvdf', HOST),
    hostNotFound,
    CommonErrors.GROUP_NOT_FOUND(GROUP),
  ])
  get(
    @Param('groupId') groupId: string,
    @Param('hostId') hostId: string,
    @Param('partitionName') partitionName: string,
  ): Promise<DiskResponse> {
    return this.disks.get(groupId, hostId, partitionName);
  }
}
