import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessListsSchema1795300002000 implements MigrationInterface {
  name = 'AccessListsSchema1795300002000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The unique key also serves the per-request lookup of a caller's list (owner_kind, owner_id).
    await queryRunner.query(`
      CREATE TABLE "access_list_entries" (
        "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "owner_kind" character varying(16) NOT NULL,
        "owner_id" character varying(24) NOT NULL,
        "cidr_block" character varying(64) NOT NULL,
        "ip_address" character varying(45),
        "comment" character varying(250),
        "count" bigint NOT NULL DEFAULT 0,
        "created" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "last_used" TIMESTAMP WITH TIME ZONE,
        "last_used_address" character varying(45),
        CONSTRAINT "access_list_entries_owner_cidr_key" UNIQUE ("owner_kind", "owner_id", "cidr_block"),
        CONSTRAINT "access_list_entries_pkey" PRIMARY KEY ("id")
      )
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "access_list_entries"`);
  }
}
