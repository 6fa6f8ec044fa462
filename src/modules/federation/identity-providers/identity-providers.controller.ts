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
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageQuery } from '../../../platform/http/pagination/page.query';
import {
  EXAMPLE_CERTIFICATE_PEM,
  EXAMPLE_FEDERATION_ID,
  EXAMPLE_IDP_ID,
  EXAMPLE_ISSUER_URI,
  EXAMPLE_ORG_ID,
  EXAMPLE_SSO_URL,
} from '../federation.examples';
import { FederationErrors } from '../federation.errors';
import { CreateIdentityProviderRequest } from './dto/create-identity-provider.request';
import { IdentityProviderListResponse, IdentityProviderResponse } from './dto/identity-provider.response';
import { UpdateIdentityProviderRequest } from './dto/update-identity-provider.request';
import { IdentityProvidersService } from './identity-providers.service';

export const FEDERATION_OWNER =
  'Needs Organization Owner in at least one organization connected to the federation; others get 401 ' +
  'USER_UNAUTHORIZED whether or not the federation exists.';
export const federationIdParam = ApiParam({ name: 'federationSettingsId', example: EXAMPLE_FEDERATION_ID });
export const idpIdParam = ApiParam({
  name: 'identityProviderId',
  description: '20 hexadecimal digits.',
  example: EXAMPLE_IDP_ID,
});
export const idpNotFound = ApiErrorResponses(
  404,
  'Unknown federation (global owners only) or identity provider.',
  [
    FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
    FederationErrors.IDENTITY_PROVIDER_NOT_FOUND(EXAMPLE_IDP_ID, EXAMPLE_FEDERATION_ID),
  ],
);
const invalidProvider = ApiErrorResponses(400, 'Invalid body, or the issuer belongs to another federation.', [
  CommonErrors.MISSING_ATTRIBUTE('issuerUri'),
  CommonErrors.VALIDATION_ERROR(
    'pemFileInfo.certificates[0].content',
    'must be one PEM-encoded X.509 certificate',
  ),
  CommonErrors.INVALID_ENUM_VALUE('HTTP-ARTIFACT', 'requestBinding'),
  FederationErrors.IDENTITY_PROVIDER_ALREADY_ASSOCIATED_WITH_FEDERATION(EXAMPLE_ISSUER_URI),
]);
const duplicateIssuer = ApiErrorResponses(
  409,
  'Another identity provider of the federation has this issuer.',
  [FederationErrors.IDENTITY_PROVIDER_ISSUER_URI_ALREADY_EXISTS(EXAMPLE_ISSUER_URI)],
);

@ApiTags('Federation')
@Controller('federationSettings/:federationSettingsId/identityProviders')
export class IdentityProvidersController {
  constructor(private readonly providers: IdentityProvidersService) {}

  @Get()
  @RequireAuthenticated()
  @ApiOperation({ summary: 'Get all identity providers of one federation', description: FEDERATION_OWNER })
  @federationIdParam
  @ApiOkResponse({ type: IdentityProviderListResponse })
  @ApiErrorResponses(404, 'Unknown federation (global owners only).', [
    FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
  ])
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Query() query: PageQuery,
  ): Promise<ListEnvelope<IdentityProviderResponse>> {
    return this.providers.list(principal, federationSettingsId, query);
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Create one SAML identity provider',
    description:
      "Answers 200 like the rest of the product's federation writes. The id is 20 hexadecimal digits; a new " +
      `provider is INACTIVE unless status says otherwise. ${FEDERATION_OWNER}`,
  })
  @federationIdParam
  @ApiBody({
    type: CreateIdentityProviderRequest,
    examples: {
      okta: {
        summary: 'An Okta application',
        value: {
          displayName: 'Okta',
          issuerUri: EXAMPLE_ISSUER_URI,
          ssoUrl: EXAMPLE_SSO_URL,
          requestBinding: 'HTTP-POST',
          responseSignatureAlgorithm: 'SHA-256',
          associatedDomains: ['example.com'],
          pemFileInfo: { certificates: [{ content: EXAMPLE_CERTIFICATE_PEM }], fileName: 'okta.cert' },
        },
      },
    },
  })
  @ApiOkResponse({ type: IdentityProviderResponse })
  @invalidProvider
  @ApiErrorResponses(404, 'Unknown federation (global owners only).', [
    FederationErrors.FEDERATION_SETTINGS_NOT_FOUND(EXAMPLE_FEDERATION_ID),
  ])
  @duplicateIssuer
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Body() body: CreateIdentityProviderRequest,
  ): Promise<IdentityProviderResponse> {
    return this.providers.create(principal, federationSettingsId, body);
  }

  @Get(':identityProviderId')
  @RequireAuthenticated()
  @ApiOperation({ summary: 'Get one identity provider', description: FEDERATION_OWNER })
  @federationIdParam
  @idpIdParam
  @ApiOkResponse({ type: IdentityProviderResponse })
  @idpNotFound
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('identityProviderId') identityProviderId: string,
  ): Promise<IdentityProviderResponse> {
    return this.providers.get(principal, federationSettingsId, identityProviderId);
  }

  @Patch(':identityProviderId')
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Update one identity provider',
    description:
      'At least one field; the fields given replace the stored ones, pemFileInfo replaces every certificate. ' +
      `A status change is recorded as IDENTITY_PROVIDER_ACTIVATED or _DEACTIVATED. ${FEDERATION_OWNER}`,
  })
  @federationIdParam
  @idpIdParam
  @ApiBody({
    type: UpdateIdentityProviderRequest,
    examples: {
      activate: { summary: 'Activate', value: { status: 'ACTIVE' } },
      rotate: {
        summary: 'Rotate the signing certificate',
        value: {
          pemFileInfo: { certificates: [{ content: EXAMPLE_CERTIFICATE_PEM }], fileName: 'okta-2025.cert' },
        },
      },
    },
  })
  @ApiOkResponse({ type: IdentityProviderResponse })
  @invalidProvider
  @idpNotFound
  @duplicateIssuer
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('identityProviderId') identityProviderId: string,
    @Body() body: UpdateIdentityProviderRequest,
  ): Promise<IdentityProviderResponse> {
    return this.providers.update(principal, federationSettingsId, identityProviderId, body);
  }

  @Delete(':identityProviderId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Delete one identity provider',
    description: `Refused while a connected organization uses it. ${FEDERATION_OWNER}`,
  })
  @federationIdParam
  @idpIdParam
  @ApiNoContentResponse({ description: 'Deleted; no body.' })
  @ApiErrorResponses(400, 'Organizations still sign in through it.', [
    FederationErrors.IDENTITY_PROVIDER_HAS_CONNECTED_ORGS(EXAMPLE_IDP_ID, EXAMPLE_ORG_ID),
  ])
  @idpNotFound
  delete(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('identityProviderId') identityProviderId: string,
  ): Promise<void> {
    return this.providers.delete(principal, federationSettingsId, identityProviderId);
  }
}
