import { MigrationInterface, QueryRunner } from 'typeorm';

export class GlobalAccessList1795303800000 implements MigrationInterface {
  name = 'GlobalAccessList1795303800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The addresses global API keys may call from; empty: any address. A block is on it at most once.
    await queryRunner.query(`
      CREATE TABLE global_access_list_entries (
        id char(24) NOT NULL,
        cidr_block varchar(64) NOT NULL,
        description varchar(250) NOT NULL,
        created timestamptz NOT NULL,
        updated timestamptz NOT NULL,
        CONSTRAINT global_access_list_entries_pkey PRIMARY KEY (id),
        CONSTRAINT global_access_list_entries_cidr_block_key UNIQUE (cidr_block))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE global_access_list_entries');
  }
}
