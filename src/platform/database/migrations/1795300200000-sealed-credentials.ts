import { MigrationInterface, QueryRunner } from 'typeorm';

export class SealedCredentials1795300200000 implements MigrationInterface {
  name = 'SealedCredentials1795300200000';

  // HA1 values are stored sealed (`v1:<iv>:<tag>:<ciphertext>`), longer than a hex digest. The rows
  // themselves are sealed at start by the identity context, which holds the key (credential-sealing.ts).
  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['users', 'api_keys']) {
      await queryRunner.query(
        `ALTER TABLE ${table} ALTER COLUMN ha1_md5 TYPE text, ALTER COLUMN ha1_sha256 TYPE text`,
      );
    }
  }

  // Only possible once no row holds a sealed value, which is never the case after a start: going back
  // means restoring a dump from before this migration.
  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['users', 'api_keys']) {
      await queryRunner.query(
        `ALTER TABLE ${table} ALTER COLUMN ha1_md5 TYPE varchar(32), ALTER COLUMN ha1_sha256 TYPE varchar(64)`,
      );
    }
  }
}
