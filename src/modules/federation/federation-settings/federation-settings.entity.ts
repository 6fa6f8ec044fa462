import { Column, Entity, PrimaryColumn } from 'typeorm';

// One federation (the product's federation settings). It signs as a SAML service provider with its own key
// pair, made at creation; the private key is stored sealed by the SecretBox and never returned.
@Entity({ name: 'federation_settings' })
export class FederationSettingsEntity {
  @PrimaryColumn({ type: 'char', length: 24, primaryKeyConstraintName: 'federation_settings_pkey' })
  id!: string;

  @Column({ name: 'sp_certificate', type: 'text' })
  spCertificate!: string;

  @Column({ name: 'sp_private_key', type: 'text' })
  spPrivateKey!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
