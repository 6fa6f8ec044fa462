import { MigrationInterface, QueryRunner } from 'typeorm';

export class HostFacts1795301600000 implements MigrationInterface {
  name = 'HostFacts1795301600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // What monitoring agents report about a process (the product's host resource fields), plus the
    // expiry of the certificate it serves. NULL until an agent has reported the fact.
    await queryRunner.query(`
      ALTER TABLE hosts
        ADD COLUMN version varchar(64),
        ADD COLUMN ip_address varchar(45),
        ADD COLUMN uptime_msec bigint,
        ADD COLUMN journaling_enabled boolean,
        ADD COLUMN has_startup_warnings boolean,
        ADD COLUMN low_ulimit boolean,
        ADD COLUMN last_data_size_bytes bigint,
        ADD COLUMN last_index_size_bytes bigint,
        ADD COLUMN ssl_certificate_not_after timestamptz(3),
        ADD CONSTRAINT hosts_uptime_msec_check CHECK (uptime_msec >= 0),
        ADD CONSTRAINT hosts_data_sizes_check CHECK (last_data_size_bytes >= 0 AND last_index_size_bytes >= 0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE hosts
        DROP CONSTRAINT hosts_data_sizes_check,
        DROP CONSTRAINT hosts_uptime_msec_check,
        DROP COLUMN ssl_certificate_not_after,
        DROP COLUMN last_index_size_bytes,
        DROP COLUMN last_data_size_bytes,
        DROP COLUMN low_ulimit,
        DROP COLUMN has_startup_warnings,
        DROP COLUMN journaling_enabled,
        DROP COLUMN uptime_msec,
        DROP COLUMN ip_address,
        DROP COLUMN version`);
  }
}
