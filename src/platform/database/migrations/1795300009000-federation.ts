import { MigrationInterface, QueryRunner } from 'typeorm';

// Federation context: federations, their SAML identity providers, connected organizations and role
// mappings. Foreign keys stay inside the context; org_id names an identity-context organization and is
// checked by the service. Deleting a federation removes everything below it (as the product does).
export class FederationSchema1795300009000 implements MigrationInterface {
  name = 'FederationSchema1795300009000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE federation_settings (
        id char(24) NOT NULL,
        sp_certificate text NOT NULL,
        sp_private_key text NOT NULL,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT federation_settings_pkey PRIMARY KEY (id)
      )`);

    await queryRunner.query(`
      CREATE TABLE federation_identity_providers (
        id char(20) NOT NULL,
        federation_settings_id char(24) NOT NULL,
        display_name text NOT NULL,
        issuer_uri text NOT NULL,
        sso_url text NOT NULL,
        acs_url text NOT NULL,
        audience_uri text NOT NULL,
        request_binding varchar(20) NOT NULL,
        response_signature_algorithm varchar(10) NOT NULL,
        sso_debug_enabled boolean NOT NULL,
        status varchar(10) NOT NULL,
        associated_domains text[] NOT NULL,
        pem_file_name text,
        certificates jsonb NOT NULL,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT federation_identity_providers_pkey PRIMARY KEY (id),
        CONSTRAINT federation_identity_providers_federation_fkey FOREIGN KEY (federation_settings_id)
          REFERENCES federation_settings (id) ON DELETE CASCADE,
        CONSTRAINT federation_identity_providers_binding_check
          CHECK (request_binding IN ('HTTP-POST', 'HTTP-REDIRECT')),
        CONSTRAINT federation_identity_providers_algorithm_check
          CHECK (response_signature_algorithm IN ('SHA-1', 'SHA-256')),
        CONSTRAINT federation_identity_providers_status_check CHECK (status IN ('ACTIVE', 'INACTIVE'))
      )`);
    // An issuer identifies one identity provider across every federation (IDENTITY_PROVIDER_ALREADY_ASSOCIATED_WITH_FEDERATION).
    await queryRunner.query(
      `CREATE UNIQUE INDEX federation_identity_providers_issuer_uri_key ON federation_identity_providers (issuer_uri)`,
    );
    await queryRunner.query(
      `CREATE INDEX federation_identity_providers_federation_idx ON federation_identity_providers (federation_settings_id)`,
    );

    await queryRunner.query(`
      CREATE TABLE federation_connected_orgs (
        org_id char(24) NOT NULL,
        federation_settings_id char(24) NOT NULL,
        identity_provider_id char(20),
        domain_restriction_enabled boolean NOT NULL,
        domain_allow_list text[] NOT NULL,
        post_auth_role_grants text[] NOT NULL,
        connected timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT federation_connected_orgs_pkey PRIMARY KEY (org_id),
        CONSTRAINT federation_connected_orgs_federation_fkey FOREIGN KEY (federation_settings_id)
          REFERENCES federation_settings (id) ON DELETE CASCADE,
        CONSTRAINT federation_connected_orgs_identity_provider_fkey FOREIGN KEY (identity_provider_id)
          REFERENCES federation_identity_providers (id)
      )`);
    await queryRunner.query(
      `CREATE INDEX federation_connected_orgs_federation_idx ON federation_connected_orgs (federation_settings_id, connected)`,
    );
    await queryRunner.query(
      `CREATE INDEX federation_connected_orgs_identity_provider_idx ON federation_connected_orgs (identity_provider_id)`,
    );

    await queryRunner.query(`
      CREATE TABLE federation_role_mappings (
        id char(24) NOT NULL,
        org_id char(24) NOT NULL,
        external_group_name text NOT NULL,
        role_assignments jsonb NOT NULL,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        CONSTRAINT federation_role_mappings_pkey PRIMARY KEY (id),
        CONSTRAINT federation_role_mappings_org_fkey FOREIGN KEY (org_id)
          REFERENCES federation_connected_orgs (org_id) ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX federation_role_mappings_org_group_name_key ON federation_role_mappings (org_id, external_group_name)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE federation_role_mappings`);
    await queryRunner.query(`DROP TABLE federation_connected_orgs`);
    await queryRunner.query(`DROP TABLE federation_identity_providers`);
    await queryRunner.query(`DROP TABLE federation_settings`);
  }
}
