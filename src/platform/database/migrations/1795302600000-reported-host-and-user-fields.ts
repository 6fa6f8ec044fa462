import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReportedHostAndUserFields1795302600000 implements MigrationInterface {
  name = 'ReportedHostAndUserFields1795302600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // More of the product's host resource, as monitoring agents report it: the other names the process
    // answers to, whether it is a hidden secondary, when it last started and its replication delay.
    // NULL (aliases: empty) until an agent has reported the fact.
    await queryRunner.query(`
      ALTER TABLE hosts
        ADD COLUMN aliases text[] NOT NULL DEFAULT '{}',
        ADD COLUMN hidden_secondary boolean,
        ADD COLUMN last_restart timestamptz(3),
        ADD COLUMN slave_delay_sec integer,
        ADD CONSTRAINT hosts_slave_delay_sec_check CHECK (slave_delay_sec >= 0)`);
    // The user's country (ISO 3166-1 alpha-2), as the product's user resource holds it.
    await queryRunner.query(`ALTER TABLE users ADD COLUMN country char(2)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN country`);
    await queryRunner.query(`
      ALTER TABLE hosts
        DROP CONSTRAINT hosts_slave_delay_sec_check,
        DROP COLUMN slave_delay_sec,
        DROP COLUMN last_restart,
        DROP COLUMN hidden_secondary,
        DROP COLUMN aliases`);
  }
}
