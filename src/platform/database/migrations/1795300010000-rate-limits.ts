import { MigrationInterface, QueryRunner } from 'typeorm';

export class RateLimitsSchema1795300010000 implements MigrationInterface {
  name = 'RateLimitsSchema1795300010000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Token buckets shared by every instance (src/platform/http/rate-limit). UNLOGGED: no WAL on the
    // hot path, and losing the buckets in a crash only refills them.
    await queryRunner.query(`
      CREATE UNLOGGED TABLE rate_limit_buckets (
        bucket_key text PRIMARY KEY,
        tokens double precision NOT NULL,
        allowed boolean NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_buckets`);
  }
}
