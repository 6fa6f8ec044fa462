import { INestApplication } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import type { Clock } from './platform/clock/clock';
import type { AppConfig } from './platform/config/app-config';
import { runMigrations } from './platform/database/migrate';
import { RoleGuard } from './platform/auth/role.guard';
import { ApiErrorFilter } from './platform/http/api-error.filter';
import { EnvelopeInterceptor } from './platform/http/envelope.interceptor';
import { installHttpPipeline } from './platform/http/express/http-pipeline';
import { setupOpenApi } from './platform/http/openapi';
import { RequestContext } from './platform/http/request-context';
import { ApiValidationPipe } from './platform/http/validation';

export const GLOBAL_PREFIX = 'api/public/v1.0';

// The one bootstrap used by main.ts and by every test, so tests exercise the production pipeline.
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  overrides: { clock?: Clock } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.register({ databaseUrl, clock: overrides.clock }), {
    bodyParser: false,
    bufferLogs: true,
  });
  if (config.runMigrationsOnStart) await runMigrations(app.get(DataSource));
  installHttpPipeline(app, config);
  app.setGlobalPrefix(GLOBAL_PREFIX, { exclude: ['health'] });
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new ApiErrorFilter(app.get(HttpAdapterHost), app.get(RequestContext)));
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(RequestContext)));
  app.useGlobalGuards(app.get(RoleGuard));
  setupOpenApi(app, config.versionString);
  app.enableShutdownHooks();
  return app;
}
