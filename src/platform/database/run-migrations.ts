import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migrate';

// `npm run migration:run`: applies pending migrations to DATABASE_URL (or the embedded database).
async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(`${config.dataDir}/pg`, config.embeddedPgPort, 'dms');
  const dataSource = new DataSource(dataSourceOptions(config.databaseUrl ?? embedded!.url));
  await dataSource.initialize();
  try {
    const applied = await runMigrations(dataSource, config.databaseServiceRole);
    process.stdout.write(`${JSON.stringify({ msg: 'migrations applied', applied })}\n`);
  } finally {
    await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  const text =
    error instanceof EmbeddedPostgresError ? error.message : error instanceof Error ? error.stack : error;
  process.stderr.write(`${String(text)}\n`);
  process.exit(1);
});
