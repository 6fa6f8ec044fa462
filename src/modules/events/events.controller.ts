import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireOrgRole, RequireProjectRole } from '../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../platform/http/pagination/list-envelope';
import { EventListResponse, EventResponse } from './dto/event.response';
import { GetEventQuery } from './dto/get-event.query';
import { ListEventsQuery } from './dto/list-events.query';
import { EventsService } from './events.service';

@ApiTags('Events')
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get('groups/:groupId/events')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Return all events of one project, newest first.' })
  @ApiParam({ name: 'groupId', example: '5e8cc670a16506712e0b1e95' })
  @ApiOkResponse({ type: EventListResponse })
  listProjectEvents(
    @Param('groupId') groupId: string,
    @Query() query: ListEventsQuery,
  ): Promise<ListEnvelope<EventResponse>> {
    return this.events.listForProject(groupId, query);
  }

  @Get('groups/:groupId/events/:eventId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Return one event of one project.' })
  @ApiParam({ name: 'groupId', example: '5e8cc670a16506712e0b1e95' })
  @ApiParam({ name: 'eventId', example: '65a50a2e9f1c2b3d4e5f6a7b' })
  @ApiOkResponse({ type: EventResponse })
  getProjectEvent(
    @Param('groupId') groupId: string,
    @Param('eventId') eventId: string,
    @Query() query: GetEventQuery,
  ): Promise<EventResponse> {
    return this.events.getForProject(groupId, eventId, query.includeRaw);
  }

  @Get('orgs/:orgId/events')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({
    summary: 'Return the organization-level events of one organization, newest first.',
  })
  @ApiParam({ name: 'orgId', example: '5980cfc70b6d97029d82e3f6' })
  @ApiOkResponse({ type: EventListResponse })
  listOrgEvents(
    @Param('orgId') orgId: string,
    @Query() query: ListEventsQuery,
  ): Promise<ListEnvelope<EventResponse>> {
    return this.events.listForOrg(orgId, query);
  }

  @Get('orgs/:orgId/events/:eventId')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({ summary: 'Return one organization-level event of one organization.' })
  @ApiParam({ name: 'orgId', example: '5980cfc70b6d97029d82e3f6' })
  @ApiParam({ name: 'eventId', example: '65a50a2e9f1c2b3d4e5f6a7b' })
  @ApiOkResponse({ type: EventResponse })
  getOrgEvent(
    @Param('orgId') orgId: string,
    @Param('eventId') eventId: string,
    @Query() query: GetEventQuery,
  ): Promise<EventResponse> {
    return this.events.getForOrg(orgId, eventId, query.includeRaw);
  }
}
