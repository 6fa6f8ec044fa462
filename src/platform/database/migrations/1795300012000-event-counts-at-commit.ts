import { MigrationInterface, QueryRunner } from 'typeorm';

// The event counters (1795300011000) were updated by a statement trigger right after each insert, so a
// transaction held its counter slot from its first event to its commit. Two transactions whose ids fall in
// the same slot then deadlocked when each also locked a row the other wanted: an acknowledgement (alert row,
// then its event) against an agent report closing several alerts (an event, then the next alert row); the
// kill -9 load test (test/reliability/kill-under-load.e2e-spec.ts) hit it as a 500 within seconds. The
// counters are now added at commit (a deferred constraint trigger), after every other lock of the
// transaction is held, so a counter slot is never held while waiting for anything but other counter slots.
export class EventCountsAtCommit1795300012000 implements MigrationInterface {
  name = 'EventCountsAtCommit1795300012000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER events_count ON events`);
    await queryRunner.query(`DROP FUNCTION events_count_inserted()`);
    await queryRunner.query(`
      CREATE FUNCTION events_count_committed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.group_id IS NULL AND NEW.org_id IS NULL THEN
          RETURN NULL;
        END IF;
        INSERT INTO event_counts (scope_kind, scope_id, slot, count)
        VALUES (CASE WHEN NEW.group_id IS NULL THEN 'O' ELSE 'G' END, coalesce(NEW.group_id, NEW.org_id),
                (pg_current_xact_id()::text::bigint % 16)::smallint, 1)
        ON CONFLICT (scope_kind, scope_id, slot) DO UPDATE SET count = event_counts.count + 1;
        RETURN NULL;
      END
      $$
    `);
    await queryRunner.query(`
      CREATE CONSTRAINT TRIGGER events_count AFTER INSERT ON events
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION events_count_committed()
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER events_count ON events`);
    await queryRunner.query(`DROP FUNCTION events_count_committed()`);
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
  }
}
