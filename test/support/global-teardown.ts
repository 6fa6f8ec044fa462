import { ADMIN_URL_ENV, TEMPLATE_ENV, withAdmin } from './database';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env[ADMIN_URL_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (adminUrl && template) {
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)).catch(
      () => undefined,
    );
  }
  await (globalThis as { __DMS_EMBEDDED__?: { stop(): Promise<void> } }).__DMS_EMBEDDED__?.stop();
}
