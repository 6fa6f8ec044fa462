import { MigrationInterface, QueryRunner } from 'typeorm';

export class HostsSetMembers1795304000000 implements MigrationInterface {
  name = 'HostsSetMembers1795304000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A report's replica set and cluster conditions read the members of the sets and clusters it names.
    // Without these, each report read every host of its project: at tens of thousands of hosts, the
    // whole deployment once per report.
    await queryRunner.query(
      `CREATE INDEX hosts_group_replica_set_idx ON hosts (group_id, replica_set_name) WHERE monitored`,
    );
    await queryRunner.query(
      `CREATE INDEX hosts_group_cluster_name_idx ON hosts (group_id, cluster_name) WHERE monitored`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX hosts_group_cluster_name_idx`);
    await queryRunner.query(`DROP INDEX hosts_group_replica_set_idx`);
  }
}
