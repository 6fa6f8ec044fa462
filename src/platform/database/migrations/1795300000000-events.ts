import { MigrationInterface, QueryRunner } from 'typeorm';

// Append-only audit store of the events context. Lists are always "newest first within one scope",
// so every index leads with the scope, then (created DESC, id DESC): a page is a bounded index range
// scan and COUNT an index-only scan, also with a project holding millions of events.
// Organization lists show organization-level events only (group_id IS NULL): partial indexes.
export class EventsSchema1795300000000 implements MigrationInterface {
  name = 'EventsSchema1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE events (
        id char(24) NOT NULL,
        event_type_name varchar(100) NOT NULL,
        created timestamptz(3) NOT NULL,
        org_id char(24),
        group_id char(24),
        alert_id char(24),
        alert_config_id char(24),
        maintenance_window_id char(24),
        api_key_id char(24),
        public_key varchar(255),
        user_id char(24),
        username varchar(255),
        remote_address varchar(64),
        is_global_admin boolean NOT NULL DEFAULT false,
        subject jsonb NOT NULL DEFAULT '{}',
        diffs jsonb,
        raw jsonb,
        CONSTRAINT events_pkey PRIMARY KEY (id),
        CONSTRAINT events_one_actor_kind CHECK (api_key_id IS NULL OR user_id IS NULL)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX events_group_created_idx ON events (group_id, created DESC, id DESC) WHERE group_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX events_group_type_created_idx ON events (group_id, event_type_name, created DESC, id DESC)
       WHERE group_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX events_org_created_idx ON events (org_id, created DESC, id DESC) WHERE group_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX events_org_type_created_idx ON events (org_id, event_type_name, created DESC, id DESC)
       WHERE group_id IS NULL`,
    );
    // The audit record can never be rewritten or removed, whatever code runs against the database.
    await queryRunner.query(`
      CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
      END
      $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON events
      FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change()
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE events`);
    await queryRunner.query(`DROP FUNCTION events_refuse_change()`);
  }
}
