import { MigrationInterface, QueryRunner } from 'typeorm';

export class ProjectTags1795302100000 implements MigrationInterface {
  name = 'ProjectTags1795302100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Set by PATCH /groups/{groupId}; existing projects have none.
    await queryRunner.query(`ALTER TABLE projects ADD COLUMN tags text[] NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE projects DROP COLUMN tags`);
  }
}
