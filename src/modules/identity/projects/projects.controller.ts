import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
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
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { CreateProjectQuery } from './dto/create-project.query';
import { CreateProjectRequest } from './dto/create-project.request';
import { ProjectListResponse, ProjectResponse } from './dto/project.response';
import { UpdateProjectRequest } from './dto/update-project.request';
import { IdentityErrors } from '../identity.errors';
import { ProjectLifecycleService } from './project-lifecycle.service';
import { ProjectsService } from './projects.service';

@ApiTags('Projects')
@Controller('groups')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly lifecycle: ProjectLifecycleService,
  ) {}

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
  get(@CurrentPrincipal() principal: Principal, @Param('groupId') groupId: string): Promise<ProjectResponse> {
    return this.projects.get(principal, groupId);
  }

  @Patch(':groupId')
  @RequireProjectRole('GROUP_OWNER')
  @ApiOperation({
    summary: 'Update one project',
    description:
      'GROUP_OWNER (ORG_OWNER and GLOBAL_OWNER imply it): renames the project (GROUP_NAME_CHANGED) and, for a ' +
      'GLOBAL_OWNER, replaces its tags (GROUP_TAGS_MODIFIED). Fields GET prints may be sent back unchanged.',
  })
  @ApiOkResponse({ type: ProjectResponse })
  @ApiErrorResponses(400, 'No name or tags; a field out of its rules; a read-only field changed.', [
    CommonErrors.MISSING_ONE_OF_ATTRIBUTES('name, tags'),
    CommonErrors.ATTRIBUTE_READ_ONLY('orgId'),
  ])
  @ApiErrorResponses(
    401,
    'Not an owner of the project; tags changed by a caller other than a global owner.',
    [CommonErrors.USER_UNAUTHORIZED()],
  )
  @ApiErrorResponses(409, 'Another project of the organization has that name.', [
    IdentityErrors.GROUP_ALREADY_EXISTS('Production'),
  ])
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('groupId') groupId: string,
    @Body() body: UpdateProjectRequest,
  ): Promise<ProjectResponse> {
    return this.lifecycle.update(principal, groupId, body);
  }

  @Delete(':groupId')
  @RequireProjectRole('GROUP_OWNER')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Delete one project',
    description:
      'GROUP_OWNER (ORG_OWNER and GLOBAL_OWNER imply it). Everything the project holds goes with it in one ' +
      'transaction (alert configurations, alerts, maintenance windows, integrations, hosts, agent API keys, ' +
      'automation, deliveries, roles and API key assignments); its events stay, readable through its ' +
      'organization, with GROUP_DELETED. 200 with no body, as the product answers.',
  })
  @ApiOkResponse({ description: 'Deleted; no body.' })
  @ApiNotFoundResponse({ description: 'GROUP_NOT_FOUND (global callers only; others get 401 NOT_IN_GROUP).' })
  delete(@Param('groupId') groupId: string): Promise<void> {
    return this.lifecycle.delete(groupId);
  }
}
