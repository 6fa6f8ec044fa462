import { MigrationInterface, QueryRunner } from 'typeorm';

// Exact totalCount of an unfiltered event list without counting the events: COUNT(*) over a project's
// 1,000,000 events is a ~300 ms scan, the sum of its counter slots a few index probes. A statement
// trigger keeps the counters in the inserting transaction, so a rolled-back insert counts nothing;
// events are append-only, so counters only grow. A transaction adds to one of 16 slots per scope, chosen
// by its id: concurrent writers of one project rarely wait on the same counter row, and a transaction that
// inserts several events locks one row per scope, not several in an order another could invert.
export class EventCountsSchema1795300011000 implements MigrationInterface {
  name = 'EventCountsSchema1795300011000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_counts (
        scope_kind char(1) NOT NULL,
        scope_id char(24) NOT NULL,
        slot smallint NOT NULL,
        count bigint NOT NULL,
        CONSTRAINT event_counts_pkey PRIMARY KEY (scope_kind, scope_id, slot),
        CONSTRAINT event_counts_scope_kind_check CHECK (scope_kind IN ('G', 'O'))
      )
    `);
    // 'G': a project's events (group_id); 'O': an organization's own events (org_id, no group_id).
    await queryRunner.query(`
      CREATE FUNCTION events_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO event_counts (scope_kind, scope_id, slot, count)
        SELECT CASE WHEN group_id IS NULL THEN 'O' ELSE 'G' END, coalesce(group_id, org_id),
               (pg_current_xact_id()::text::bigint % 16)::smallint, count(*)
        FROM inserted_events
        WHERE group_id IS NOT NULL OR org_id IS NOT NULL
        GROUP BY 1, 2
        ORDER BY 1, 2
        ON CONFLICT (scope_kind, scope_id, slot) DO UPDATE SET count = event_counts.count + EXCLUDED.count;
        RETURN NULL;
      END
      $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER events_count AFTER INSERT ON events REFERENCING NEW TABLE AS inserted_events
      FOR EACH STATEMENT EXECUTE FUNCTION events_count_inserted()
    `);
    await queryRunner.query(`
      INSERT INTO event_counts (scope_kind, scope_id, slot, count)
      SELECT CASE WHEN group_id IS NULL THEN 'O' ELSE 'G' END, coalesce(group_id, org_id), 0, count(*)
      FROM events WHERE group_id IS NOT NULL OR org_id IS NOT NULL
      GROUP BY 1, 2
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER events_count ON events`);
    await queryRunner.query(`DROP FUNCTION events_count_inserted()`);
    await queryRunner.query(`DROP TABLE event_counts`);
  }
}
