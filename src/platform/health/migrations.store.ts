import type { DataSource } from 'typeorm';

// The migrations this build knows that the database has not recorded as run: one read of the
// migrations table (a few dozen rows).
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const rows: Array<{ name: string }> = await dataSource.query(`SELECT name FROM ${table}`);
  const applied = new Set(rows.map((row) => row.name));
  return dataSource.migrations
    .map((migration) => migration.name ?? migration.constructor.name)
    .filter((name) => !applied.has(name));
}
