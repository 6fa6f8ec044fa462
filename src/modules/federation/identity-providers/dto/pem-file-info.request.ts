import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { EXAMPLE_CERTIFICATE_PEM } from '../../federation.examples';
import { IsPemCertificate } from '../pem-certificate';

export const MAX_CERTIFICATES = 5;

export class CertificateRequest {
  @ApiProperty({
    example: EXAMPLE_CERTIFICATE_PEM,
    description: "The identity provider's signing certificate, PEM; notBefore and notAfter are read from it.",
  })
  // A certificate sent back as GET printed it (dates only) keeps the stored one; see the service.
  @ValidateIf(
    (certificate: CertificateRequest) =>
      certificate.notAfter === undefined && certificate.notBefore === undefined,
  )
  @IsDefined()
  @IsString()
  @MaxLength(20_000)
  @IsPemCertificate()
  content!: string;

  @ReadOnlyField({
    type: String,
    description: 'Read-only, from the certificate: accepted when sent back unchanged.',
  })
  notAfter?: unknown;

  @ReadOnlyField({
    type: String,
    description: 'Read-only, from the certificate: accepted when sent back unchanged.',
  })
  notBefore?: unknown;
}

// The signing certificates of an identity provider (Atlas pemFileInfo); several during a rotation.
export class PemFileInfoRequest {
  @ApiProperty({ type: [CertificateRequest], minItems: 1, maxItems: MAX_CERTIFICATES })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CERTIFICATES)
  @ValidateNested({ each: true })
  @Type(() => CertificateRequest)
  certificates!: CertificateRequest[];

  @ApiPropertyOptional({ example: 'okta.cert', maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  fileName?: string | null;
}
