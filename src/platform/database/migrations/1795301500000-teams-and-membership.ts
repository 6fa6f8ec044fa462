import { MigrationInterface, QueryRunner } from 'typeorm';

export class TeamsAndMembership1795301500000 implements MigrationInterface {
  name = 'TeamsAndMembership1795301500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN mobile_number text`);
    // Teams belong to one organization; a name is unique within it.
    await queryRunner.query(`
      CREATE TABLE teams (
        id varchar(24) NOT NULL,
        org_id varchar(24) NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT teams_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX teams_org_id_name_key ON teams (org_id, name)`);
    await queryRunner.query(`
      CREATE TABLE team_users (
        team_id varchar(24) NOT NULL,
        user_id varchar(24) NOT NULL,
        CONSTRAINT team_users_pkey PRIMARY KEY (team_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX team_users_user_id_idx ON team_users (user_id)`);
    // The project roles a team holds; every member holds them too (read by the credential lookup).
    await queryRunner.query(`
      CREATE TABLE team_project_roles (
        team_id varchar(24) NOT NULL,
        group_id varchar(24) NOT NULL,
        role_name text NOT NULL,
        CONSTRAINT team_project_roles_pkey PRIMARY KEY (team_id, group_id, role_name)
      )`);
    await queryRunner.query(`CREATE INDEX team_project_roles_group_id_idx ON team_project_roles (group_id)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE team_project_roles`);
    await queryRunner.query(`DROP TABLE team_users`);
    await queryRunner.query(`DROP TABLE teams`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN mobile_number`);
  }
}
