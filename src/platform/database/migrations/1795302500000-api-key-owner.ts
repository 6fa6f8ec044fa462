import { MigrationInterface, QueryRunner } from 'typeorm';
import { newObjectId } from '../../ids/object-id';

export class ApiKeyOwner1795302500000 implements MigrationInterface {
  name = 'ApiKeyOwner1795302500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" ADD "owner_user_id" character varying(24)`);
    await queryRunner.query(`CREATE INDEX "api_keys_owner_user_id_idx" ON "api_keys" ("owner_user_id")`);
    // The global key made at bootstrap belongs to the first user; its USER_CREATED event names both.
    await queryRunner.query(
      `UPDATE api_keys k SET owner_user_id = e.raw->>'userId'
         FROM events e
        WHERE e.event_type_name = 'USER_CREATED' AND e.raw->>'apiKeyId' = k.id AND k.org_id IS NULL`,
    );
    // A key whose user was deleted before this version goes now, as it would have gone with its user:
    // its roles and access list with it, recorded as API_KEY_DELETED. Its name stays reserved.
    const orphans = (await queryRunner.query(
      `SELECT id, public_key FROM api_keys k
        WHERE k.owner_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = k.owner_user_id)`,
    )) as Array<{ id: string; public_key: string }>;
    for (const key of orphans) {
      await queryRunner.query(
        `DELETE FROM access_list_entries WHERE owner_kind = 'API_KEY' AND owner_id = $1`,
        [key.id],
      );
      await queryRunner.query(`DELETE FROM api_key_roles WHERE api_key_id = $1`, [key.id]);
      await queryRunner.query(`DELETE FROM api_keys WHERE id = $1`, [key.id]);
      await queryRunner.query(
        `INSERT INTO events (id, event_type_name, created, subject, raw) VALUES ($1, 'API_KEY_DELETED', now(), $2, $3)`,
        [
          newObjectId(),
          JSON.stringify({ targetPublicKey: key.public_key }),
          JSON.stringify({ apiKeyId: key.id }),
        ],
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "api_keys_owner_user_id_idx"`);
    await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "owner_user_id"`);
  }
}
