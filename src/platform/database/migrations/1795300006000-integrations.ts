import { MigrationInterface, QueryRunner } from 'typeorm';

// Third-party integrations of the integrations context: one row per project and type. No foreign key to
// projects (another context's table): the service checks the project. Secret settings are stored sealed
// inside the jsonb object; the Prometheus password only as a salted hash.
export class IntegrationsSchema1795300006000 implements MigrationInterface {
  name = 'IntegrationsSchema1795300006000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE integrations (
        group_id char(24) NOT NULL,
        type varchar(32) NOT NULL,
        settings jsonb NOT NULL,
        created timestamptz(3) NOT NULL,
        updated timestamptz(3) NOT NULL,
        CONSTRAINT integrations_pkey PRIMARY KEY (group_id, type),
        CONSTRAINT integrations_settings_object CHECK (jsonb_typeof(settings) = 'object')
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE integrations`);
  }
}
