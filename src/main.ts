import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.setup';
import { loadConfig } from './platform/config/app-config';
import { startEmbeddedPostgres } from './platform/database/embedded-postgres';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = new Logger('Bootstrap');
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.log(`DATABASE_URL is unset: starting embedded Postgres in ${config.dataDir}/pg`);
    const embedded = await startEmbeddedPostgres(`${config.dataDir}/pg`, config.embeddedPgPort, 'dms');
    databaseUrl = embedded.url;
  }
  const app = await createApp(config, databaseUrl);
  await app.listen(config.port, config.host);
  logger.log(`Listening on http://${config.host}:${config.port} (Swagger UI at /docs)`);
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
