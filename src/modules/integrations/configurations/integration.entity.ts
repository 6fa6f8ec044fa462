import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { StoredSettings } from './integration-settings';
import type { IntegrationType } from './integration-types';

// One configuration per project and type (PUT /groups/{groupId}/integrations/{integrationType} replaces "the
// whole configuration of that type").
// Secret settings are SecretBox-sealed inside `settings` (integration-secrets.ts).
@Entity({ name: 'integrations' })
@Check('integrations_settings_object', `jsonb_typeof(settings) = 'object'`)
export class IntegrationEntity {
  @PrimaryColumn({ name: 'group_id', type: 'char', length: 24 })
  groupId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  type!: IntegrationType;

  @Column({ type: 'jsonb' })
  settings!: StoredSettings;

  @Column({ type: 'timestamptz', precision: 3 })
  created!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updated!: Date;
}
