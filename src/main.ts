import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { createApp } from './app.setup';
import { loadConfig } from './platform/config/app-config';
import {
  type EmbeddedDatabase,
  EmbeddedPostgresError,
  startEmbeddedPostgres,
} from './platform/database/embedded-postgres';
import { AppLogger } from './platform/logging/app-logger';

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

// The HTTP port is taken (often by an instance of the service started earlier): the operator's to fix.
class PortInUseError extends Error {}
// Below Docker's default 10 s grace period before SIGKILL.
const SHUTDOWN_TIMEOUT_MS = 9_000;

// SIGTERM: app.close runs the destroy hooks first (the delivery worker stops claiming and records the
// calls in hand), then stops accepting connections and finishes in-flight requests, then the shutdown
// hooks close the database pool; then the embedded Postgres is stopped.
function stopGracefully(app: INestApplication, embedded: EmbeddedDatabase | undefined, logger: Logger): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.log({ msg: 'shutting down', signal });
    setTimeout(() => {
      logger.error({ msg: 'shutdown timed out', timeoutMs: SHUTDOWN_TIMEOUT_MS });
      void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => embedded?.stop())
      .then(() => {
        logger.log({ msg: 'stopped', signal });
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ msg: 'shutdown failed', err: error });
        process.exit(1);
      });
  };
  for (const signal of SIGNALS) process.on(signal, stop);
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  Logger.overrideLogger(await AppLogger.create(config.logLevel));
  const logger = new Logger('Bootstrap');
  let databaseUrl = config.databaseUrl;
  let embedded: EmbeddedDatabase | undefined;
  if (!databaseUrl) {
    logger.log(`DATABASE_URL is unset: starting embedded Postgres in ${config.dataDir}/pg`);
    embedded = await startEmbeddedPostgres(`${config.dataDir}/pg`, config.embeddedPgPort, 'dms');
    for (const notice of embedded.notices) logger.warn(`embedded Postgres: ${notice}`);
    databaseUrl = embedded.url;
  }
  const app = await createApp(config, databaseUrl, { handleSignals: false });
  stopGracefully(app, embedded, logger);
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    // Nothing is served: the database pool and the embedded Postgres are stopped before the exit.
    await app.close().catch(() => undefined);
    await embedded?.stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE') throw error;
    throw new PortInUseError(
      `The service could not start: port ${config.port} on ${config.host} is already in use, perhaps by ` +
        'another instance of this service. To go on, stop that program, or set PORT to another port.',
    );
  }
  logger.log(`Listening on http://${config.host}:${config.port} (Swagger UI at /docs)`);
}

// An embedded Postgres that cannot start, or a port in use, is the operator's to fix: its message alone,
// no stack.
bootstrap().catch((error: unknown) => {
  const text =
    error instanceof EmbeddedPostgresError || error instanceof PortInUseError
      ? error.message
      : error instanceof Error
        ? error.stack
        : error;
  process.stderr.write(`${String(text)}\n`);
  process.exit(1);
});
