import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { FederationSettingsEntity } from '../federation-settings/federation-settings.entity';
import type { StoredCertificate } from './pem-certificate';

export const REQUEST_BINDINGS = ['HTTP-POST', 'HTTP-REDIRECT'] as const;
export const SIGNATURE_ALGORITHMS = ['SHA-1', 'SHA-256'] as const;
export const IDENTITY_PROVIDER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type RequestBinding = (typeof REQUEST_BINDINGS)[number];
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number];
export type IdentityProviderStatus = (typeof IDENTITY_PROVIDER_STATUSES)[number];

// A SAML identity provider of one federation. Its id is 20 hex digits.
@Entity({ name: 'federation_identity_providers' })
@Index('federation_identity_providers_issuer_uri_key', ['issuerUri'], { unique: true })
@Index('federation_identity_providers_federation_idx', ['federationSettingsId'])
@Check('federation_identity_providers_binding_check', `request_binding IN ('HTTP-POST', 'HTTP-REDIRECT')`)
@Check(
  'federation_identity_providers_algorithm_check',
  `response_signature_algorithm IN ('SHA-1', 'SHA-256')`,
)
@Check('federation_identity_providers_status_check', `status IN ('ACTIVE', 'INACTIVE')`)
export class IdentityProviderEntity {
  @PrimaryColumn({ type: 'char', length: 20, primaryKeyConstraintName: 'federation_identity_providers_pkey' })
  id!: string;

  @Column({ name: 'federation_settings_id', type: 'char', length: 24 })
  federationSettingsId!: string;

  @ManyToOne(() => FederationSettingsEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'federation_settings_id',
    foreignKeyConstraintName: 'federation_identity_providers_federation_fkey',
  })
  federation?: FederationSettingsEntity;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ name: 'issuer_uri', type: 'text' })
  issuerUri!: string;

  @Column({ name: 'sso_url', type: 'text' })
  ssoUrl!: string;

  @Column({ name: 'acs_url', type: 'text' })
  acsUrl!: string;

  @Column({ name: 'audience_uri', type: 'text' })
  audienceUri!: string;

  @Column({ name: 'request_binding', type: 'varchar', length: 20 })
  requestBinding!: RequestBinding;

  @Column({ name: 'response_signature_algorithm', type: 'varchar', length: 10 })
  responseSignatureAlgorithm!: SignatureAlgorithm;

  @Column({ name: 'sso_debug_enabled', type: 'boolean' })
  ssoDebugEnabled!: boolean;

  @Column({ type: 'varchar', length: 10 })
  status!: IdentityProviderStatus;

  @Column({ name: 'associated_domains', type: 'text', array: true })
  associatedDomains!: string[];

  @Column({ name: 'pem_file_name', type: 'text', nullable: true })
  pemFileName!: string | null;

  @Column({ type: 'jsonb' })
  certificates!: StoredCertificate[];

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
