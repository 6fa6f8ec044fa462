import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { FederationSettingsEntity } from '../federation-settings/federation-settings.entity';
import { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';

// One organization connected to a federation (the product's connected organization configuration). The
// organization id is the key: an organization belongs to at most one federation. org_id names an
// identity-context organization and has no foreign key (house rule: none into another context).
@Entity({ name: 'federation_connected_orgs' })
@Index('federation_connected_orgs_federation_idx', ['federationSettingsId', 'connected'])
@Index('federation_connected_orgs_identity_provider_idx', ['identityProviderId'])
export class ConnectedOrgEntity {
  @PrimaryColumn({
    name: 'org_id',
    type: 'char',
    length: 24,
    primaryKeyConstraintName: 'federation_connected_orgs_pkey',
  })
  orgId!: string;

  @Column({ name: 'federation_settings_id', type: 'char', length: 24 })
  federationSettingsId!: string;

  @ManyToOne(() => FederationSettingsEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'federation_settings_id',
    foreignKeyConstraintName: 'federation_connected_orgs_federation_fkey',
  })
  federation?: FederationSettingsEntity;

  // Deleting an identity provider still in use is refused by the service; the key makes sure of it.
  @Column({ name: 'identity_provider_id', type: 'char', length: 20, nullable: true })
  identityProviderId!: string | null;

  @ManyToOne(() => IdentityProviderEntity)
  @JoinColumn({
    name: 'identity_provider_id',
    foreignKeyConstraintName: 'federation_connected_orgs_identity_provider_fkey',
  })
  identityProvider?: IdentityProviderEntity;

  @Column({ name: 'domain_restriction_enabled', type: 'boolean' })
  domainRestrictionEnabled!: boolean;

  @Column({ name: 'domain_allow_list', type: 'text', array: true })
  domainAllowList!: string[];

  @Column({ name: 'post_auth_role_grants', type: 'text', array: true })
  postAuthRoleGrants!: string[];

  @Column({ type: 'timestamptz', precision: 3 })
  connected!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
