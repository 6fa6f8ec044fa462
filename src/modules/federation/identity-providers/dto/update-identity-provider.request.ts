import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { DOMAIN_PATTERN } from '../../domains';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ConnectedOrgConfigResponse } from '../../connected-orgs/dto/connected-org.response';
import { EXAMPLE_CERTIFICATE_PEM, EXAMPLE_SSO_URL } from '../../federation.examples';
import {
  IDENTITY_PROVIDER_STATUSES,
  REQUEST_BINDINGS,
  SIGNATURE_ALGORITHMS,
  type IdentityProviderStatus,
  type RequestBinding,
  type SignatureAlgorithm,
} from '../identity-provider.entity';
import {
  ABSOLUTE_URI,
  MAX_ASSOCIATED_DOMAINS,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_URI_LENGTH,
  SSO_URL_OPTIONS,
} from './create-identity-provider.request';
import { PemFileInfoRequest } from './pem-file-info.request';

const given = (_: object, value: unknown): boolean => value !== undefined;

// PATCH: at least one field; the fields given replace the stored ones (pemFileInfo replaces every
// certificate). null is refused: none of these fields can be emptied.
export class UpdateIdentityProviderRequest {
  @ApiPropertyOptional({ example: 'Okta (production)', maxLength: MAX_DISPLAY_NAME_LENGTH })
  @ValidateIf(given)
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_DISPLAY_NAME_LENGTH)
  displayName?: string;

  @ApiPropertyOptional({ example: 'http://www.okta.com/exk9z8y7x6w5v4u3t2s1' })
  @ValidateIf(given)
  @IsString()
  @MaxLength(MAX_URI_LENGTH)
  @Matches(ABSOLUTE_URI, { message: 'must be an absolute URI' })
  issuerUri?: string;

  @ApiPropertyOptional({ example: EXAMPLE_SSO_URL })
  @ValidateIf(given)
  @IsString()
  @MaxLength(MAX_URI_LENGTH)
  @IsUrl(SSO_URL_OPTIONS)
  ssoUrl?: string;

  @ApiPropertyOptional({
    type: PemFileInfoRequest,
    example: { certificates: [{ content: EXAMPLE_CERTIFICATE_PEM }], fileName: 'okta-2025.cert' },
  })
  @ValidateIf(given)
  // ValidateNested alone admits an array (it validates its items): [] would reach the service.
  @IsObject()
  @ValidateNested()
  @Type(() => PemFileInfoRequest)
  pemFileInfo?: PemFileInfoRequest;

  @ApiPropertyOptional({ type: [String], example: ['example.com', 'example.org'] })
  @ValidateIf(given)
  @IsArray()
  @ArrayMaxSize(MAX_ASSOCIATED_DOMAINS)
  @IsString({ each: true })
  @Matches(DOMAIN_PATTERN, { each: true, message: 'each value must be a domain name such as example.com' })
  associatedDomains?: string[];

  @ApiPropertyOptional({ enum: REQUEST_BINDINGS, example: 'HTTP-REDIRECT' })
  @ValidateIf(given)
  @IsIn(REQUEST_BINDINGS)
  requestBinding?: RequestBinding;

  @ApiPropertyOptional({ enum: SIGNATURE_ALGORITHMS, example: 'SHA-256' })
  @ValidateIf(given)
  @IsIn(SIGNATURE_ALGORITHMS)
  responseSignatureAlgorithm?: SignatureAlgorithm;

  @ApiPropertyOptional({ example: true })
  @ValidateIf(given)
  @IsBoolean()
  ssoDebugEnabled?: boolean;

  @ApiPropertyOptional({ enum: IDENTITY_PROVIDER_STATUSES, example: 'ACTIVE' })
  @ValidateIf(given)
  @IsIn(IDENTITY_PROVIDER_STATUSES)
  status?: IdentityProviderStatus;

  @ReadOnlyField({ type: String })
  acsUrl?: unknown;

  @ReadOnlyField({ type: String })
  audienceUri?: unknown;

  @ReadOnlyField({ type: String })
  oktaIdpId?: unknown;

  @ReadOnlyField({ type: [ConnectedOrgConfigResponse] })
  associatedOrgs?: unknown;
}
