import { MigrationInterface, QueryRunner } from 'typeorm';

export class Invitations1795302700000 implements MigrationInterface {
  name = 'Invitations1795302700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Invitations to an organization (group_id NULL) or one of its projects; the link's token only as
    // its SHA-256. Accepted, deleted and replaced ones stay, so an old link is answered with why.
    await queryRunner.query(`
      CREATE TABLE invitations (
        id varchar(24) NOT NULL,
        org_id varchar(24) NOT NULL,
        group_id varchar(24),
        username text NOT NULL,
        roles text[] NOT NULL,
        team_ids text[] NOT NULL,
        inviter_kind text NOT NULL,
        inviter_id varchar(24) NOT NULL,
        inviter_username text NOT NULL,
        token_hash text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        closed_at timestamptz,
        CONSTRAINT invitations_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash)`);
    await queryRunner.query(`CREATE INDEX invitations_org_id_group_id_idx ON invitations (org_id, group_id)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE invitations`);
  }
}
