import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source';
import { provisionServiceRole, runtimeRole } from './service-role';

// Concurrent instances starting together must not run the same migration twice.
const MIGRATION_LOCK_KEY = 727_001;

// serviceRole: DATABASE_SERVICE_ROLE, created and granted after the migrations (service-role.ts);
// undefined: none.
export async function runMigrations(
  dataSource: DataSource,
  serviceRole: string | undefined,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (serviceRole !== undefined) await provisionServiceRole(runner, serviceRole);
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

// Start-up: migrates (when asked) through a connection of its own as the DATABASE_URL user, before the
// application's pool exists, because that pool's connections start in the service role, which the
// first migration run creates. Returns the role the runtime connections are to use.
export async function prepareDatabase(
  url: string,
  options: { runMigrations: boolean; serviceRole: string | undefined },
): Promise<string | undefined> {
  // Migrations are plain SQL: no entities to load (their glob would only be logged).
  const dataSource = new DataSource({ ...dataSourceOptions(url), entities: [] });
  await dataSource.initialize();
  try {
    if (options.runMigrations) await runMigrations(dataSource, options.serviceRole);
    return await runtimeRole(dataSource, options.serviceRole);
  } finally {
    await dataSource.destroy();
  }
}
