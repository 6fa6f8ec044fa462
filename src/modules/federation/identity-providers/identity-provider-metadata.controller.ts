import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../platform/auth/current-principal.decorator';
import type { Principal } from '../../../platform/auth/principal';
import { RequireAuthenticated } from '../../../platform/auth/require-role.decorator';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { EXAMPLE_IDP_ID } from '../federation.examples';
import { FederationErrors } from '../federation.errors';
import { IdentityProviderMetadataService } from './identity-provider-metadata.service';
import {
  FEDERATION_OWNER,
  federationIdParam,
  idpIdParam,
  idpNotFound,
} from './identity-providers.controller';

const EXAMPLE_METADATA = `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://dms.example.com/saml2/service-provider/${EXAMPLE_IDP_ID}">
  <md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">…</md:KeyDescriptor>
    <md:KeyDescriptor use="encryption">…</md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://dms.example.com/sso/saml2/${EXAMPLE_IDP_ID}" index="0" isDefault="true"/>
  </md:SPSSODescriptor>
  <md:Organization>…</md:Organization>
</md:EntityDescriptor>`;

@ApiTags('Federation')
@Controller('federationSettings/:federationSettingsId/identityProviders/:identityProviderId/metadata.xml')
export class IdentityProviderMetadataController {
  constructor(private readonly metadata: IdentityProviderMetadataService) {}

  // Written to the response directly: the body is XML, never JSON, so the JSON serializer and the
  // envelope do not apply. Errors still go through the error filter as JSON.
  @Get()
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Get the SAML metadata for one identity provider',
    description:
      "This service's SAML 2.0 service-provider metadata (md:EntityDescriptor) to load into the " +
      'identity provider. Accept: application/xml, text/xml, */* or none gives XML; anything else 406. ' +
      FEDERATION_OWNER,
  })
  @ApiProduces('application/xml', 'text/xml')
  @federationIdParam
  @idpIdParam
  @ApiOkResponse({
    description: 'The metadata document.',
    content: {
      'application/xml': { schema: { type: 'string' }, example: EXAMPLE_METADATA },
      'text/xml': { schema: { type: 'string' }, example: EXAMPLE_METADATA },
    },
  })
  @idpNotFound
  @ApiErrorResponses(406, 'The Accept header allows no XML type.', [
    FederationErrors.NOT_ACCEPTABLE('application/json'),
  ])
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('federationSettingsId') federationSettingsId: string,
    @Param('identityProviderId') identityProviderId: string,
    @Headers('accept') accept: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const document = await this.metadata.metadata(
      principal,
      federationSettingsId,
      identityProviderId,
      accept,
    );
    res.status(200).setHeader('Content-Type', document.contentType);
    res.send(Buffer.from(document.xml, 'utf8'));
  }
}
