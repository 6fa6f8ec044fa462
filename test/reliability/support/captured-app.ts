import { createApp } from '../../../src/app.setup';
import { loadConfig } from '../../../src/platform/config/app-config';
import { createTestDatabase } from '../../support/database';
import type { TestApp } from '../../support/test-app';

export interface CapturedApp extends TestApp {
  // Every JSON log line the app wrote, in order.
  logLines: string[];
}

// startTestApp, but the app's log lines (at the given level) are kept in memory instead of stdout.
export async function startCapturedApp(
  env: Record<string, string> = {},
  logLevel = 'trace',
): Promise<CapturedApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: logLevel, ...env });
  const logLines: string[] = [];
  const app = await createApp(config, database.url, {
    logDestination: { write: (line: string) => logLines.push(line) },
  });
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  return {
    app,
    config,
    baseUrl,
    apiUrl: `${baseUrl}/api/public/v1.0`,
    databaseUrl: database.url,
    logLines,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
