import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated, RequireOrgRole } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import { EXAMPLE_FEDERATION_ID, EXAMPLE_ORG_ID } from '../federation.examples';
import { FederationErrors } from '../federation.errors';
import { FederationSettingsResponse } from './dto/federation-settings.response';
import { FederationSettingsService } from './federation-settings.service';

const orgIdParam = ApiParam({ name: 'orgId', description: 'Organization id.', example: EXAMPLE_ORG_ID });
const federationIdParam = ApiParam({
  name: 'federationSettingsId',
  description: 'Federation id (24 hexadecimal digits).',
  example: EXAMPLE_FEDERATION_ID,
});

@ApiTags('Federation')
@Controller()
export class FederationSettingsController {
  constructor(private readonly federations: FederationSettingsService) {}

  @Post('orgs/:orgId/federationSettings')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Create the federation of one organization',
    description:
      'Our addition (the product does this in its web interface): creates a federation with this organization ' +
      'connected, and a service-provider key pair for its SAML metadata. Answers 201 when it creates it and 200 ' +
      'with the existing federation when the organization is already connected to one. No body. Needs ' +
      'Organization Owner.',
  })
  @orgIdParam
  @ApiCreatedResponse({ type: FederationSettingsResponse, description: 'Created.' })
  @ApiOkResponse({
    type: FederationSettingsResponse,
    description: 'The organization already had a federation.',
  })
  @ApiErrorResponses(404, 'Unknown organization (global callers only).', [
    CommonErrors.ORG_NOT_FOUND(EXAMPLE_ORG_ID),
  ])
  async create(
    @Param('orgId') orgId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FederationSettingsResponse> {
    const outcome = await this.federations.create(orgId);
    res.status(outcome.created ? HttpStatus.CREATED : HttpStatus.OK);
    return outcome.settings;
  }

  @Get('orgs/:orgId/federationSettings')
  @RequireOrgRole('ORG_OWNER')
  @ApiOperation({
    summary: 'Get the federation settings of one organization',
    description: "The organization's identity provider, its status and domains. Needs Organization Owner.",
  })
  @orgIdParam
  @ApiOkResponse({ type: FederationSettingsResponse })
  @ApiErrorResponses(
    404,
    'The organization is not connected to a federation, or is unknown (global callers).',
    [
      FederationErrors.ORG_FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_ORG_ID),
      CommonErrors.ORG_NOT_FOUND(EXAMPLE_ORG_ID),
    ],
  )
  get(@Param('orgId') orgId: string): Promise<FederationSettingsResponse> {
    return this.federations.get(orgId);
  }

  @Delete('federationSettings/:federationSettingsId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Delete one federation',
    description:
      'Removes the federation with its identity providers, domains and role mappings. Only while ' +
      'exactly one organization is connected, and only by an Organization Owner of that organization (others ' +
      'get 401 USER_UNAUTHORIZED, whether or not the federation exists).',
  })
  @federationIdParam
  @ApiNoContentResponse({ description: 'Deleted; no body.' })
  @ApiErrorResponses(400, 'More than one organization is connected.', [
    FederationErrors.FEDERATION_HAS_MULTIPLE_CONNECTED_ORGS(EXAMPLE_FEDERATION_ID, 2),
  ])
  @ApiErrorResponses(404, 'Unknown federation (global owners only).', [
    FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
  ])
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
  ): Promise<void> {
    return this.federations.delete(principal, federationSettingsId);
  }
}
