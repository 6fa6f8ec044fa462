import { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthSchema1795300003000 implements MigrationInterface {
  name = 'AuthSchema1795300003000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Service-wide settings shared by every instance on this database (e.g. the Digest nonce secret).
    await queryRunner.query(`
      CREATE TABLE platform_settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        created timestamptz NOT NULL DEFAULT now()
      )`);
    // First use of a Digest nonce claims it for one instance: a replay reaching another instance is refused.
    await queryRunner.query(`
      CREATE TABLE auth_nonce_claims (
        nonce text PRIMARY KEY,
        instance_id text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX auth_nonce_claims_expires_at_idx ON auth_nonce_claims (expires_at)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE auth_nonce_claims`);
    await queryRunner.query(`DROP TABLE platform_settings`);
  }
}
