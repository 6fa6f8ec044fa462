import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeletedProjectEvents1795302101000 implements MigrationInterface {
  name = 'DeletedProjectEvents1795302101000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The events context's own record of deleted projects: their events stay, and the organization's
    // event list shows them once the project's own list is gone.
    await queryRunner.query(
      `CREATE TABLE event_deleted_projects (
        group_id char(24) NOT NULL,
        org_id char(24) NOT NULL,
        deleted_at timestamptz NOT NULL,
        CONSTRAINT event_deleted_projects_pkey PRIMARY KEY (group_id)
      )`,
    );
    await queryRunner.query(`CREATE INDEX event_deleted_projects_org_idx ON event_deleted_projects (org_id)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE event_deleted_projects`);
  }
}
