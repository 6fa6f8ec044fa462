import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { DOMAIN_PATTERN } from '../../domains';
import { EXAMPLE_CERTIFICATE_PEM, EXAMPLE_ISSUER_URI, EXAMPLE_SSO_URL } from '../../federation.examples';
import {
  IDENTITY_PROVIDER_STATUSES,
  REQUEST_BINDINGS,
  SIGNATURE_ALGORITHMS,
  type IdentityProviderStatus,
  type RequestBinding,
  type SignatureAlgorithm,
} from '../identity-provider.entity';
import { PemFileInfoRequest } from './pem-file-info.request';

export const MAX_DISPLAY_NAME_LENGTH = 50;
export const MAX_URI_LENGTH = 2048;
export const MAX_ASSOCIATED_DOMAINS = 100;
// An absolute URI: an entity id may be a URL or a URN (SAML core 8.3.6).
export const ABSOLUTE_URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/;
export const SSO_URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

// A SAML identity provider. New providers are INACTIVE unless `status` says otherwise.
export class CreateIdentityProviderRequest {
  @ApiProperty({ example: 'Okta', maxLength: MAX_DISPLAY_NAME_LENGTH })
  @IsDefined()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_DISPLAY_NAME_LENGTH)
  displayName!: string;

  @ApiProperty({
    example: EXAMPLE_ISSUER_URI,
    description: 'Entity id of the identity provider; unique across federations.',
  })
  @IsDefined()
  @IsString()
  @MaxLength(MAX_URI_LENGTH)
  @Matches(ABSOLUTE_URI, { message: 'must be an absolute URI' })
  issuerUri!: string;

  @ApiProperty({
    example: EXAMPLE_SSO_URL,
    description: 'Where the service sends SAML authentication requests.',
  })
  @IsDefined()
  @IsString()
  @MaxLength(MAX_URI_LENGTH)
  @IsUrl(SSO_URL_OPTIONS)
  ssoUrl!: string;

  @ApiProperty({
    type: PemFileInfoRequest,
    example: { certificates: [{ content: EXAMPLE_CERTIFICATE_PEM }], fileName: 'okta.cert' },
  })
  @IsDefined()
  // ValidateNested alone admits an array (it validates its items): [] would reach the service.
  @IsObject()
  @ValidateNested()
  @Type(() => PemFileInfoRequest)
  pemFileInfo!: PemFileInfoRequest;

  @ApiPropertyOptional({ type: [String], example: ['example.com'], maxItems: MAX_ASSOCIATED_DOMAINS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ASSOCIATED_DOMAINS)
  @IsString({ each: true })
  @Matches(DOMAIN_PATTERN, { each: true, message: 'each value must be a domain name such as example.com' })
  associatedDomains?: string[] | null;

  @ApiPropertyOptional({ enum: REQUEST_BINDINGS, default: 'HTTP-POST', example: 'HTTP-POST' })
  @IsOptional()
  @IsIn(REQUEST_BINDINGS)
  requestBinding?: RequestBinding | null;

  @ApiPropertyOptional({ enum: SIGNATURE_ALGORITHMS, default: 'SHA-256', example: 'SHA-256' })
  @IsOptional()
  @IsIn(SIGNATURE_ALGORITHMS)
  responseSignatureAlgorithm?: SignatureAlgorithm | null;

  @ApiPropertyOptional({ default: false, example: false })
  @IsOptional()
  @IsBoolean()
  ssoDebugEnabled?: boolean | null;

  @ApiPropertyOptional({ enum: IDENTITY_PROVIDER_STATUSES, default: 'INACTIVE', example: 'INACTIVE' })
  @IsOptional()
  @IsIn(IDENTITY_PROVIDER_STATUSES)
  status?: IdentityProviderStatus | null;
}
