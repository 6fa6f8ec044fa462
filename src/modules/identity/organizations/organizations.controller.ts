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
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated, RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import { ProjectListResponse, type ProjectResponse } from '../projects/dto/project.response';
import { ProjectsService } from '../projects/projects.service';
import { CreateOrganizationRequest } from './dto/create-organization.request';
import { ListOrganizationsQuery } from './dto/list-organizations.query';
import { OrganizationListResponse, OrganizationResponse } from './dto/organization.response';
import { UpdateOrganizationRequest } from './dto/update-organization.request';
import { OrganizationsService } from './organizations.service';
import { OrganizationLifecycleService } from './organization-lifecycle.service';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { IdentityErrors } from '../identity.errors';

@ApiTags('Organizations')
@Controller('orgs')
export class OrganizationsController {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly projects: ProjectsService,
    private readonly lifecycle: OrganizationLifecycleService,
  ) {}

  @Patch(':orgId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({ summary: 'Rename one organization', description: 'ORG_OWNER; records ORG_RENAMED.' })
  @ApiOkResponse({ type: OrganizationResponse })
  rename(
    @Param('orgId') orgId: string,
    @Body() body: UpdateOrganizationRequest,
  ): Promise<OrganizationResponse> {
    return this.lifecycle.rename(orgId, body);
  }

  @Delete(':orgId')
  @RequireOrgRole('ORG_OWNER')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete one organization',
    description: 'ORG_OWNER; refused while the organization has projects. Its roles and teams go with it.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses(400, 'The organization still has projects.', [
    IdentityErrors.CANNOT_DELETE_ORG_WITH_GROUPS('5980cfc70b6d97029d82e3f6'),
  ])
  delete(@Param('orgId') orgId: string): Promise<void> {
    return this.lifecycle.delete(orgId);
  }

  @Post()
  @RequireAuthenticated()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Create one organization',
    description: 'GLOBAL_OWNER only; an organization API key gets 401 API_KEY_CANNOT_CREATE_ORG.',
  })
  @ApiOkResponse({ type: OrganizationResponse })
  @ApiBadRequestResponse({
    description: 'MISSING_ATTRIBUTE, INVALID_ATTRIBUTE or VALIDATION_ERROR naming the field.',
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateOrganizationRequest,
  ): Promise<OrganizationResponse> {
    return this.orgs.create(principal, body);
  }

  @Get()
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Get all organizations',
    description:
      'Global roles see all; others see organizations where they hold a role or own a project role.',
  })
  @ApiOkResponse({ type: OrganizationListResponse })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListOrganizationsQuery,
  ): Promise<ListEnvelope<OrganizationResponse>> {
    return this.orgs.list(principal, query);
  }

  @Get(':orgId')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({ summary: 'Get one organization', description: 'Any role in the organization.' })
  @ApiOkResponse({ type: OrganizationResponse })
  @ApiNotFoundResponse({
    description: 'ORG_NOT_FOUND (global callers only; others get 401 USER_UNAUTHORIZED).',
  })
  get(@Param('orgId') orgId: string): Promise<OrganizationResponse> {
    return this.orgs.get(orgId);
  }

  @Get(':orgId/groups')
  @RequireOrgRole('ORG_MEMBER')
  @ApiOperation({
    summary: 'Get all projects of one organization',
    description: 'Organization owners and read-only members see all; other members see their projects.',
  })
  @ApiOkResponse({ type: ProjectListResponse })
  @ApiNotFoundResponse({ description: 'ORG_NOT_FOUND (global callers only).' })
  listProjects(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') orgId: string,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<ProjectResponse>> {
    return this.projects.listOfOrg(principal, orgId, query);
  }
}
