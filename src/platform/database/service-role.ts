import type { DataSource, QueryRunner } from 'typeorm';
import { sqlStateOf } from './pg-errors';

// The audit log is append-only for the service itself, not only by convention: the service's runtime
// connections switch (connection option `role`, so every pooled connection starts in it) to a NOLOGIN
// role holding SELECT/INSERT/UPDATE/DELETE on the tables but only SELECT and INSERT on `events`, and
// owning nothing, so it can neither rewrite an event nor drop the trigger that refuses it. The user in
// DATABASE_URL stays the owner and runs the migrations (and the measurement partition upkeep, the one
// piece of runtime DDL). This is a guard against the service's own code paths, not a sandbox: a session
// may still `SET ROLE NONE`, so a deployment wanting more connects as a login role it set up itself.

// Set on a runtime connection's startup packet. A `role` set there is also what RESET ROLE returns to.
export function roleConnectionOption(role: string): string {
  return `-c role=${role}`;
}

// True when the connecting user could alter `events` (superuser, or member of its owner): only then is
// the switch needed. A user that cannot is a role the deployment set up itself and is used as it is.
// Without an `events` table yet (migrations not run), the switch is assumed.
async function canAlterEvents(runner: QueryRunner | DataSource): Promise<boolean> {
  const rows = (await runner.query(
    `SELECT r.rolsuper OR coalesce(pg_has_role(current_user, c.relowner, 'MEMBER'), true) AS can
     FROM pg_roles r LEFT JOIN pg_class c ON c.oid = to_regclass('events')
     WHERE r.rolname = current_user`,
  )) as Array<{ can: boolean }>;
  return rows[0]?.can ?? true;
}

// The role the runtime connections switch to, or undefined to use the DATABASE_URL user unchanged.
export async function runtimeRole(
  dataSource: DataSource,
  role: string | undefined,
): Promise<string | undefined> {
  if (role === undefined) return undefined;
  return (await canAlterEvents(dataSource)) ? role : undefined;
}

// Creates the role if missing and (re)asserts its privileges. Runs after every migration run, under the
// migration lock of this database, so tables added by later migrations are granted without relying on
// default privileges, and a privilege granted by hand on `events` is taken back at the next start.
// Roles are cluster-wide while the lock is per database: databases of one cluster migrating at the same
// time (the tests clone many) may race to create the role or the membership, and the loser's
// duplicate_object or unique_violation means the other one did it.
export async function provisionServiceRole(runner: QueryRunner, role: string): Promise<boolean> {
  if (!(await canAlterEvents(runner))) return false;
  try {
    await runner.query(`
      DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
          CREATE ROLE ${role} NOLOGIN NOINHERIT;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END
      $$`);
    // A superuser may SET ROLE to any role; anyone else needs the membership.
    await runner.query(`
      DO $$
      BEGIN
        IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
           AND NOT pg_has_role(current_user, '${role}', 'MEMBER') THEN
          GRANT ${role} TO CURRENT_USER;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END
      $$`);
  } catch (error) {
    if (sqlStateOf(error) !== '42501') throw error;
    throw new Error(
      `cannot create or join the database role "${role}" (DATABASE_SERVICE_ROLE): the DATABASE_URL user needs ` +
        `CREATEROLE, or an administrator runs "CREATE ROLE ${role} NOLOGIN; GRANT ${role} TO <user>" once; ` +
        `DATABASE_SERVICE_ROLE=none runs the service as the DATABASE_URL user (events then guarded by the trigger only)`,
      { cause: error },
    );
  }
  const [check] = (await runner.query(
    `SELECT r.rolsuper OR r.rolbypassrls OR pg_has_role(r.oid, c.relowner, 'MEMBER') AS unsafe
     FROM pg_roles r, pg_class c WHERE r.rolname = $1 AND c.oid = 'events'::regclass`,
    [role],
  )) as Array<{ unsafe: boolean }>;
  if (check?.unsafe) {
    throw new Error(
      `database role "${role}" (DATABASE_SERVICE_ROLE) is a superuser or a member of the owner of events: ` +
        'it could rewrite the audit log; use a role without those rights',
    );
  }
  // USAGE and SELECT on sequences, EXECUTE on functions and LISTEN/NOTIFY and advisory locks are
  // PUBLIC's by default. Trigger functions (events_count_committed) run with the inserting role's rights,
  // hence the DML on event_counts. The migrations' bookkeeping is not the service's to write; it reads it
  // to tell whether every migration of its build has run (readiness).
  // One transaction: a running instance never sees the role between two of these statements.
  await runner.startTransaction();
  try {
    await runner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await runner.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await runner.query(`REVOKE ALL ON events FROM ${role}`);
    await runner.query(`GRANT SELECT, INSERT ON events TO ${role}`);
    await runner.query(`REVOKE ALL ON typeorm_migrations FROM ${role}`);
    await runner.query(`GRANT SELECT ON typeorm_migrations TO ${role}`);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
  return true;
}
