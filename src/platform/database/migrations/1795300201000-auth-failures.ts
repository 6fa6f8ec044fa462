import { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthFailures1795300201000 implements MigrationInterface {
  name = 'AuthFailures1795300201000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Failed authentications per (name, address) and per address, shared by every instance
    // (src/platform/auth/failure-throttle). UNLOGGED like the rate limit buckets: no WAL on an
    // attacker's hot path, and a crash only forgets the counts.
    await queryRunner.query(`
      CREATE UNLOGGED TABLE auth_failures (
        bucket_key text PRIMARY KEY,
        failures integer NOT NULL,
        last_failure_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX auth_failures_last_failure_at_idx ON auth_failures (last_failure_at)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE auth_failures`);
  }
}
