import { INestApplication, Logger } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import type { Server } from 'node:net';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import type { Clock } from './platform/clock/clock';
import type { AppConfig } from './platform/config/app-config';
import { prepareDatabase } from './platform/database/migrate';
import { RoleGuard } from './platform/auth/role.guard';
import { ApiErrorFilter } from './platform/http/api-error.filter';
import { installHttpPipeline } from './platform/http/express/http-pipeline';
import { installRequestLogging } from './platform/http/express/request-logging';
import { setupOpenApi } from './platform/http/openapi';
import { PublicBaseUrl } from './platform/http/public-base-url';
import { RequestContext } from './platform/http/request-context';
import { ApiValidationPipe } from './platform/http/validation';
import { AppLogger, createPinoLogger } from './platform/logging/app-logger';

export const GLOBAL_PREFIX = 'api/public/v1.0';

// The one bootstrap used by main.ts and by every test, so tests exercise the production pipeline.
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  // handleSignals: false when the caller (main.ts) runs the shutdown sequence on SIGTERM itself.
  // logDestination: where the JSON log lines go instead of stdout (tests that read the logs).
  overrides: { clock?: Clock; handleSignals?: boolean; logDestination?: DestinationStream } = {},
): Promise<INestApplication> {
  const logger = overrides.logDestination
    ? new AppLogger(createPinoLogger(config.logLevel, overrides.logDestination))
    : await AppLogger.create(config.logLevel);
  // What the migrations log goes where the application's lines go (Nest would do this only below).
  Logger.overrideLogger(logger);
  const databaseRole = await prepareDatabase(databaseUrl, {
    runMigrations: config.runMigrationsOnStart,
    serviceRole: config.databaseServiceRole,
  });
  const app = await NestFactory.create(
    AppModule.register({ config, databaseUrl, databaseRole, clock: overrides.clock }),
    { bodyParser: false, logger },
  );
  if (config.databaseServiceRole !== undefined && databaseRole === undefined) {
    new Logger('Database').log({
      msg: 'the DATABASE_URL user cannot alter events: runtime connections use it as it is, without DATABASE_SERVICE_ROLE',
      role: config.databaseServiceRole,
    });
  }
  // Whoever calls listen (main.ts, the tests), the address it binds is the one recorded.
  const server = app.getHttpServer() as Server;
  server.once('listening', () => app.get(PublicBaseUrl).recordListening(server.address()));
  installRequestLogging(app);
  installHttpPipeline(app, config);
  // The agent API (automation context) lives beside the public API, at /agents/v1/...; Prometheus
  // scrapes /metrics and discovers targets at the product's /prometheus/v1.0/... (integrations context).
  app.setGlobalPrefix(GLOBAL_PREFIX, {
    exclude: [
      'health',
      'health/ready',
      'agents/v1/groups/:groupId/reports',
      'metrics',
      'prometheus/v1.0/groups/:groupId/discovery',
      // Federated sign-in's browser routes (federation context); the ACS is the acsUrl identity
      // providers were given.
      'sso/login',
      'sso/saml2/:identityProviderId',
      'sso/logout',
    ],
  });
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new ApiErrorFilter(app.get(HttpAdapterHost), app.get(RequestContext)));
  app.useGlobalGuards(app.get(RoleGuard));
  setupOpenApi(app, config.versionString);
  if (overrides.handleSignals ?? true) app.enableShutdownHooks();
  return app;
}
