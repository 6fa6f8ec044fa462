import { MigrationInterface, QueryRunner } from 'typeorm';

export class DeliveryOrg1795302560000 implements MigrationInterface {
  name = 'DeliveryOrg1795302560000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The organization a delivery belongs to, so claims share the slots between organizations before
    // projects; rows from before take it from the context they were enqueued with.
    await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN org_id char(24)`);
    await queryRunner.query(`UPDATE deliveries SET org_id = context->>'orgId' WHERE context ? 'orgId'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries DROP COLUMN org_id`);
  }
}
