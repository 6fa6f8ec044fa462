import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Query } from '@nestjs/common';
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
import { RequireAuthenticated, RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import {
  EXAMPLE_FEDERATION_ID,
  EXAMPLE_IDP_ID,
  EXAMPLE_ORG_ID,
  EXAMPLE_PROJECT_ID,
  EXAMPLE_ROLE_ASSIGNMENTS,
  EXAMPLE_ROLE_MAPPING_ID,
} from '../federation.examples';
import { FederationErrors } from '../federation.errors';
import { ConnectedOrgsService } from './connected-orgs.service';
import { ConnectedOrgConfigListResponse, ConnectedOrgConfigResponse } from './dto/connected-org.response';
import { UpdateConnectedOrgRequest } from './dto/update-connected-org.request';

const federationIdParam = ApiParam({ name: 'federationSettingsId', example: EXAMPLE_FEDERATION_ID });
const orgIdParam = ApiParam({
  name: 'orgId',
  description: 'A connected organization.',
  example: EXAMPLE_ORG_ID,
});
const notFound = ApiErrorResponses(404, 'Unknown federation, or the organization is not connected to it.', [
  FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
  FederationErrors.CONNECTED_ORG_CONFIG_NOT_FOUND(EXAMPLE_ORG_ID, EXAMPLE_FEDERATION_ID),
  CommonErrors.ORG_NOT_FOUND(EXAMPLE_ORG_ID),
]);

// The product's reference writes these paths with a trailing slash; clients send either form (the Go
// client omits it), and Express's non-strict routing matches both.
@ApiTags('Federation')
@Controller('federationSettings/:federationSettingsId/connectedOrgConfigs')
export class ConnectedOrgsController {
  constructor(private readonly connectedOrgs: ConnectedOrgsService) {}

  @Get()
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Get all connected organizations of one federation',
    description: 'Needs Organization Owner in at least one connected organization.',
  })
  @federationIdParam
  @ApiOkResponse({ type: ConnectedOrgConfigListResponse })
  @ApiErrorResponses(404, 'Unknown federation (global owners only).', [
    FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
  ])
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<ConnectedOrgConfigResponse>> {
    return this.connectedOrgs.list(principal, federationSettingsId, query);
  }

  @Get(':orgId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Get one connected organization configuration',
    description: 'Needs Organization Owner of the organization.',
  })
  @federationIdParam
  @orgIdParam
  @ApiOkResponse({ type: ConnectedOrgConfigResponse })
  @notFound
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
  ): Promise<ConnectedOrgConfigResponse> {
    return this.connectedOrgs.get(principal, federationSettingsId, orgId);
  }

  @Patch(':orgId')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Update one connected organization configuration',
    description:
      'Answers 200. identityProviderId omitted or null disconnects the ' +
      'organization from its identity provider; the optional lists replace the stored ones. On an organization ' +
      'not yet connected it connects it: the caller must own that organization and one already connected.',
  })
  @federationIdParam
  @orgIdParam
  @ApiBody({
    type: UpdateConnectedOrgRequest,
    examples: {
      connect: {
        summary: 'Use an identity provider, restrict domains, map a group',
        value: {
          domainAllowList: ['example.com'],
          domainRestrictionEnabled: true,
          identityProviderId: EXAMPLE_IDP_ID,
          orgId: EXAMPLE_ORG_ID,
          postAuthRoleGrants: ['ORG_MEMBER'],
          roleMappings: [
            {
              externalGroupName: 'example',
              id: EXAMPLE_ROLE_MAPPING_ID,
              roleAssignments: EXAMPLE_ROLE_ASSIGNMENTS,
            },
          ],
        },
      },
      disconnect: {
        summary: 'Disconnect from the identity provider',
        value: { domainRestrictionEnabled: false, identityProviderId: null, orgId: EXAMPLE_ORG_ID },
      },
    },
  })
  @ApiOkResponse({ type: ConnectedOrgConfigResponse })
  @ApiErrorResponses(
    400,
    'Invalid body, an identity provider of another federation, or a bad role mapping.',
    [
      CommonErrors.MISSING_ATTRIBUTE('domainRestrictionEnabled'),
      FederationErrors.ORG_MISMATCH('5df7a168f10fab3a149357fc', EXAMPLE_ORG_ID),
      FederationErrors.CONNECTED_ORG_CONFIG_IDP_NOT_IN_FEDERATION(EXAMPLE_IDP_ID, EXAMPLE_FEDERATION_ID),
      FederationErrors.ORG_ALREADY_ASSOCIATED_WITH_FEDERATION(EXAMPLE_ORG_ID),
      FederationErrors.DUPLICATE_EXTERNAL_GROUP_NAMES_IN_INPUT('example'),
      FederationErrors.ROLE_NEEDS_GROUP_ID('GROUP_OWNER', 'roleMappings[0].roleAssignments[0]'),
      FederationErrors.ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG(
        'roleMappings[0].roleAssignments[0]',
        `project ${EXAMPLE_PROJECT_ID}`,
        EXAMPLE_ORG_ID,
      ),
    ],
  )
  @ApiErrorResponses(404, 'Unknown federation (to callers who may see it), or unknown organization.', [
    FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
    CommonErrors.ORG_NOT_FOUND(EXAMPLE_ORG_ID),
  ])
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
    @Body() body: UpdateConnectedOrgRequest,
  ): Promise<ConnectedOrgConfigResponse> {
    return this.connectedOrgs.update(principal, federationSettingsId, orgId, body);
  }

  @Delete(':orgId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Disconnect one organization from its federation',
    description:
      'Removes the connection and its role mappings. Refused for the last connected organization: delete the ' +
      'federation instead. Needs Organization Owner of the organization.',
  })
  @federationIdParam
  @orgIdParam
  @ApiNoContentResponse({ description: 'Disconnected; no body.' })
  @ApiErrorResponses(400, 'The organization is the last one connected.', [
    FederationErrors.CANNOT_DISCONNECT_LAST_ORG(EXAMPLE_ORG_ID, EXAMPLE_FEDERATION_ID),
  ])
  @notFound
  disconnect(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('orgId') orgId: string,
  ): Promise<void> {
    return this.connectedOrgs.disconnect(principal, federationSettingsId, orgId);
  }
}
