import { MigrationInterface, QueryRunner } from 'typeorm';

export class FederatedSignIn1795302800000 implements MigrationInterface {
  name = 'FederatedSignIn1795302800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The AuthnRequests this service sent, so a response answers one of them (InResponseTo) on whichever
    // instance it arrives, and only once: the row is deleted when its answer is accepted.
    await queryRunner.query(`
      CREATE TABLE federation_authn_requests (
        id text PRIMARY KEY,
        identity_provider_id char(20) NOT NULL,
        issued_at timestamptz(3) NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX federation_authn_requests_issued_idx ON federation_authn_requests (issued_at)`,
    );
    // Every assertion accepted, by issuer and id, until it expires: the same assertion posted again (to
    // any instance) is refused.
    await queryRunner.query(`
      CREATE TABLE federation_assertion_uses (
        issuer text NOT NULL,
        assertion_id text NOT NULL,
        expires_at timestamptz(3) NOT NULL,
        CONSTRAINT federation_assertion_uses_pkey PRIMARY KEY (issuer, assertion_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX federation_assertion_uses_expires_idx ON federation_assertion_uses (expires_at)`,
    );
    // Browser sessions opened by a federated sign-in. Only SHA-256 hashes of the session id and of its
    // CSRF token are kept: a copy of this table signs nobody in.
    await queryRunner.query(`
      CREATE TABLE browser_sessions (
        id_hash text PRIMARY KEY,
        csrf_hash text NOT NULL,
        username text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        last_seen_at timestamptz(3) NOT NULL,
        expires_at timestamptz(3) NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX browser_sessions_expires_idx ON browser_sessions (expires_at)`);
    await queryRunner.query(`CREATE INDEX browser_sessions_username_idx ON browser_sessions (username)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE browser_sessions`);
    await queryRunner.query(`DROP TABLE federation_assertion_uses`);
    await queryRunner.query(`DROP TABLE federation_authn_requests`);
  }
}
