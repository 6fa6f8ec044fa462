import type { Client } from 'pg';
import { expectApiError } from './api-error';
import type { ApiResponse } from './digest-client';

// Failure injection for the "no change without its event" tests: a trigger makes the insert of chosen
// event types fail inside the publisher's transaction, after the change itself has been written.
// The trigger runs as the service's role, which has no rights on this test's own table: SECURITY DEFINER
// makes it read the table as its creator.
export async function installEventWriteFailure(db: Client): Promise<void> {
  await db.query('CREATE TABLE test_failing_event_types (event_type_name text PRIMARY KEY)');
  await db.query(`
    CREATE FUNCTION test_fail_event() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_failing_event_types WHERE event_type_name = NEW.event_type_name) THEN
        RAISE EXCEPTION 'injected failure writing %', NEW.event_type_name;
      END IF;
      RETURN NEW;
    END $$`);
  await db.query(
    'CREATE TRIGGER test_fail_event BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION test_fail_event()',
  );
}

// Runs `work` while writing events of `eventTypeName` fails.
export async function whileEventWriteFails<T>(
  db: Client,
  eventTypeName: string,
  work: () => Promise<T>,
): Promise<T> {
  await db.query('INSERT INTO test_failing_event_types (event_type_name) VALUES ($1)', [eventTypeName]);
  try {
    return await work();
  } finally {
    await db.query('DELETE FROM test_failing_event_types');
  }
}

// The answer to a change whose event could not be written: 500 UNEXPECTED_ERROR, without the database's
// message.
export function expectUnexpectedError(response: ApiResponse): void {
  expectApiError(response, 500, 'UNEXPECTED_ERROR');
  expect(response.body.reason).toBe('Internal Server Error');
  expect(response.text).not.toContain('injected');
}
