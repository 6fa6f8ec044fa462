import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventsSchema1795300000000 implements MigrationInterface {
  name = 'EventsSchema1795300000000';

  public async up(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the events context
  }

  public async down(_queryRunner: QueryRunner): Promise<void> {
    // filled in by the events context
  }
}
