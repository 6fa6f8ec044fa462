import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import {
  EXAMPLE_FEDERATION_ID,
  EXAMPLE_ORG_ID,
  EXAMPLE_PROJECT_ID,
  EXAMPLE_ROLE_ASSIGNMENTS,
  EXAMPLE_ROLE_MAPPING_ID,
} from '../federation.examples';
import { FederationErrors } from '../federation.errors';
import { CreateRoleMappingRequest } from './dto/create-role-mapping.request';
import { RoleMappingRequest } from './dto/role-mapping.request';
import { RoleMappingListResponse, RoleMappingResponse } from './dto/role-mapping.response';
import { RoleMappingsService } from './role-mappings.service';

const OWNER = 'Needs Organization Owner of the organization.';
const federationIdParam = ApiParam({ name: 'federationSettingsId', example: EXAMPLE_FEDERATION_ID });
const orgIdParam = ApiParam({
  name: 'orgId',
  description: 'A connected organization.',
  example: EXAMPLE_ORG_ID,
});
const mappingIdParam = ApiParam({ name: 'roleMappingId', example: EXAMPLE_ROLE_MAPPING_ID });
const parentNotFound = [
  FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
  FederationErrors.CONNECTED_ORG_CONFIG_NOT_FOUND(EXAMPLE_ORG_ID, EXAMPLE_FEDERATION_ID),
  CommonErrors.ORG_NOT_FOUND(EXAMPLE_ORG_ID),
];
const notFound = ApiErrorResponses(
  404,
  'Unknown federation, unconnected organization or unknown role mapping.',
  [...parentNotFound, FederationErrors.ROLE_MAPPING_NOT_FOUND(EXAMPLE_ROLE_MAPPING_ID, EXAMPLE_ORG_ID)],
);
const invalid = ApiErrorResponses(
  400,
  'A role assignment with the wrong scope or outside the organization.',
  [
    FederationErrors.ROLE_NEEDS_GROUP_ID('GROUP_OWNER', 'roleAssignments[0]'),
    FederationErrors.ROLE_NEEDS_NO_GROUP_ID('ORG_OWNER', 'roleAssignments[0]'),
    FederationErrors.ROLE_NEEDS_ORG_ID('ORG_OWNER', 'roleAssignments[0]'),
    FederationErrors.ROLE_NEEDS_NO_ORG_ID('GROUP_OWNER', 'roleAssignments[0]'),
    FederationErrors.ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG(
      'roleAssignments[0]',
      `project ${EXAMPLE_PROJECT_ID}`,
      EXAMPLE_ORG_ID,
    ),
    CommonErrors.INVALID_ENUM_VALUE('GROUP_ADMIN', 'roleAssignments[0].role'),
  ],
);
const duplicate = ApiErrorResponses(409, 'Another mapping of the organization has that externalGroupName.', [
  FederationErrors.ROLE_MAPPING_ALREADY_EXISTS('example', EXAMPLE_ORG_ID),
]);
const exampleBody = { externalGroupName: 'example', roleAssignments: EXAMPLE_ROLE_ASSIGNMENTS };

@ApiTags('Federation')
@Controller('federationSettings/:federationSettingsId/connectedOrgConfigs/:orgId/roleMappings')
export class RoleMappingsController {
  constructor(private readonly roleMappings: RoleMappingsService) {}

  @Get()
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Get all role mappings of one connected organization',
    description: OWNER,
  })
  @federationIdParam
  @orgIdParam
  @ApiOkResponse({ type: RoleMappingListResponse })
  @ApiErrorResponses(404, 'Unknown federation or unconnected organization.', parentNotFound)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<RoleMappingResponse>> {
    return this.roleMappings.list(principal, federationSettingsId, orgId, query);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Create one role mapping',
    description: `Answers 200, as Atlas v2 does. externalGroupName is unique per organization. ${OWNER}`,
  })
  @federationIdParam
  @orgIdParam
  @ApiBody({
    type: CreateRoleMappingRequest,
    examples: { mapping: { summary: 'Members and project readers', value: exampleBody } },
  })
  @ApiOkResponse({ type: RoleMappingResponse })
  @invalid
  @ApiErrorResponses(404, 'Unknown federation or unconnected organization.', parentNotFound)
  @duplicate
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
    @Body() body: CreateRoleMappingRequest,
  ): Promise<RoleMappingResponse> {
    return this.roleMappings.create(principal, federationSettingsId, orgId, body);
  }

  @Get(':roleMappingId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({ summary: 'Get one role mapping', description: OWNER })
  @federationIdParam
  @orgIdParam
  @mappingIdParam
  @ApiOkResponse({ type: RoleMappingResponse })
  @notFound
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
    @Param('roleMappingId') roleMappingId: string,
  ): Promise<RoleMappingResponse> {
    return this.roleMappings.get(principal, federationSettingsId, orgId, roleMappingId);
  }

  @Put(':roleMappingId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Replace one role mapping',
    description: `The body replaces the mapping; an id in it must equal the one in the path. ${OWNER}`,
  })
  @federationIdParam
  @orgIdParam
  @mappingIdParam
  @ApiBody({
    type: RoleMappingRequest,
    examples: { mapping: { summary: 'Owners', value: { ...exampleBody, id: EXAMPLE_ROLE_MAPPING_ID } } },
  })
  @ApiOkResponse({ type: RoleMappingResponse })
  @invalid
  @notFound
  @duplicate
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
    @Param('roleMappingId') roleMappingId: string,
    @Body() body: RoleMappingRequest,
  ): Promise<RoleMappingResponse> {
    return this.roleMappings.update(principal, federationSettingsId, orgId, roleMappingId, body);
  }

  @Delete(':roleMappingId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({ summary: 'Delete one role mapping', description: OWNER })
  @federationIdParam
  @orgIdParam
  @mappingIdParam
  @ApiNoContentResponse({ description: 'Deleted; no body.' })
  @notFound
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
    @Param('roleMappingId') roleMappingId: string,
  ): Promise<void> {
    return this.roleMappings.delete(principal, federationSettingsId, orgId, roleMappingId);
  }
}
