import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated, RequireProjectRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { CreateProjectQuery } from './dto/create-project.query';
import { CreateProjectRequest } from './dto/create-project.request';
import { ProjectListResponse, ProjectResponse } from './dto/project.response';
import { ProjectsService } from './projects.service';

@ApiTags('Projects')
@Controller('groups')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Post()
  @RequireAuthenticated()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create one project',
    description:
      'Needs ORG_GROUP_CREATOR or ORG_OWNER in the organization (409 GROUP_ALREADY_EXISTS on a duplicate name).',
  })
  @ApiCreatedResponse({ type: ProjectResponse })
  @ApiBadRequestResponse({
    description:
      'MISSING_ATTRIBUTE (name, or orgId for callers other than a global owner), VALIDATION_ERROR.',
  })
  @ApiNotFoundResponse({ description: 'ORG_NOT_FOUND.' })
  @ApiConflictResponse({
    description: 'GROUP_ALREADY_EXISTS: the organization already has a project of that name.',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateProjectRequest,
    @Query() query: CreateProjectQuery,
  ): Promise<ProjectResponse> {
    return this.projects.create(principal, body, query.projectOwnerId);
  }

  @Get()
  @RequireAuthenticated()
  @ApiOperation({ summary: 'Get all projects', description: 'Only the projects the caller may read.' })
  @ApiOkResponse({ type: ProjectListResponse })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<ProjectResponse>> {
    return this.projects.list(principal, query);
  }

  @Get('byName/:groupName')
  @RequireAuthenticated()
  @ApiOperation({ summary: 'Get one project by name' })
  @ApiOkResponse({ type: ProjectResponse })
  @ApiNotFoundResponse({
    description: 'GROUP_NAME_NOT_FOUND (global callers only; others get 401 NOT_IN_GROUP).',
  })
  getByName(
    @CurrentPrincipal() principal: Principal,
    @Param('groupName') groupName: string,
  ): Promise<ProjectResponse> {
    return this.projects.getByName(principal, groupName);
  }

  @Get(':groupId')
  @RequireProjectRole('GROUP_READ_ONLY')
  @ApiOperation({ summary: 'Get one project' })
  @ApiOkResponse({ type: ProjectResponse })
  @ApiNotFoundResponse({ description: 'GROUP_NOT_FOUND (global callers only; others get 401 NOT_IN_GROUP).' })
  get(@Param('groupId') groupId: string): Promise<ProjectResponse> {
    return this.projects.get(groupId);
  }
}
