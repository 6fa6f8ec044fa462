import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentitySchema1795300001000 implements MigrationInterface {
  name = 'IdentitySchema1795300001000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE organizations (
        id varchar(24) NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT organizations_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`
      CREATE TABLE projects (
        id varchar(24) NOT NULL,
        org_id varchar(24) NOT NULL,
        name text NOT NULL,
        with_default_alerts_settings boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT projects_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX projects_org_id_name_key ON projects (org_id, name)`);
    await queryRunner.query(`CREATE INDEX projects_name_idx ON projects (name)`);

    // Digest user names of users and API keys share one namespace: a public key never equals a username.
    await queryRunner.query(`
      CREATE TABLE credential_names (
        name text NOT NULL,
        CONSTRAINT credential_names_pkey PRIMARY KEY (name)
      )`);
    await queryRunner.query(`
      CREATE TABLE users (
        id varchar(24) NOT NULL,
        username text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email_address text,
        ha1_md5 varchar(32) NOT NULL,
        ha1_sha256 varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_username_key ON users (username)`);
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id varchar(24) NOT NULL,
        public_key text NOT NULL,
        description varchar(250) NOT NULL,
        org_id varchar(24),
        ha1_md5 varchar(32) NOT NULL,
        ha1_sha256 varchar(64) NOT NULL,
        private_key_tail varchar(12) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT api_keys_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX api_keys_public_key_key ON api_keys (public_key)`);
    await queryRunner.query(`CREATE INDEX api_keys_org_id_idx ON api_keys (org_id)`);

    for (const [table, owner] of [
      ['user_roles', 'user_id'],
      ['api_key_roles', 'api_key_id'],
    ] as const) {
      await queryRunner.query(`
        CREATE TABLE ${table} (
          id bigserial NOT NULL,
          ${owner} varchar(24) NOT NULL,
          role_name text NOT NULL,
          org_id varchar(24),
          group_id varchar(24),
          CONSTRAINT ${table}_pkey PRIMARY KEY (id),
          CONSTRAINT ${table}_one_scope_check CHECK (org_id IS NULL OR group_id IS NULL)
        )`);
      await queryRunner.query(
        `CREATE UNIQUE INDEX ${table}_assignment_key ON ${table} (${owner}, role_name, COALESCE(org_id, ''), COALESCE(group_id, ''))`,
      );
      await queryRunner.query(`CREATE INDEX ${table}_${owner}_idx ON ${table} (${owner})`);
      await queryRunner.query(`CREATE INDEX ${table}_group_id_idx ON ${table} (group_id)`);
      await queryRunner.query(`CREATE INDEX ${table}_org_id_idx ON ${table} (org_id)`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE api_key_roles`);
    await queryRunner.query(`DROP TABLE user_roles`);
    await queryRunner.query(`DROP TABLE api_keys`);
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE credential_names`);
    await queryRunner.query(`DROP TABLE projects`);
    await queryRunner.query(`DROP TABLE organizations`);
  }
}
