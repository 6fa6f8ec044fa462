import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { sleep } from './time';

export const TEMPLATE_ENV = 'DMS_TEST_TEMPLATE_DB';
export const ADMIN_URL_ENV = 'DMS_TEST_ADMIN_URL';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

// Never touch a database whose name does not say it is a test database.
export function assertTestDatabase(name: string): void {
  if (!name.includes('test')) throw new Error(`refusing to use database "${name}": its name lacks "test"`);
}

async function withAdmin<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Each test file gets its own database cloned from the migrated template: isolated and fast.
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env[ADMIN_URL_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (!adminUrl || !template) throw new Error('test database template missing: run through jest globalSetup');
  const name = `dms_test_${randomBytes(6).toString('hex')}`;
  assertTestDatabase(name);
  await withAdmin(adminUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        // Two clones of one template at the same instant can collide; try again shortly.
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await sleep(100 + Math.random() * 200);
      }
    }
  });
  return {
    url: withDatabase(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

export { withAdmin };
