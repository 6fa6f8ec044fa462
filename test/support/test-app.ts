import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.setup';
import { loadConfig, type AppConfig } from '../../src/platform/config/app-config';
import { createTestDatabase } from './database';
import type { Clock } from '../../src/platform/clock/clock';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  // e.g. http://127.0.0.1:41234
  baseUrl: string;
  // baseUrl + /api/public/v1.0
  apiUrl: string;
  databaseUrl: string;
  close(): Promise<void>;
}

// Every periodic job's interval set to 0 (off): for tests that count a request's statements or must see
// nothing but their own requests. A new periodic job adds its setting here, or such tests turn flaky.
export const BACKGROUND_JOBS_OFF: Readonly<Record<string, string>> = {
  DELIVERY_POLL_MS: '0',
  NOTIFICATION_SWEEP_MS: '0',
  NOTIFICATION_GROUP_FLUSH_MS: '0',
  ALERT_ENGINE_SWEEP_MS: '0',
  AGENT_SWEEP_INTERVAL_SECONDS: '0',
};

// Boots the production bootstrap (app.setup.ts) on a random port against a fresh database.
export async function startTestApp(env: Record<string, string> = {}, clock?: Clock): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...env });
  const app = await createApp(config, database.url, { clock });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    baseUrl,
    apiUrl: `${baseUrl}/api/public/v1.0`,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
