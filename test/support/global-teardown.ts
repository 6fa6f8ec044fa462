import { ADMIN_URL_ENV, TEMPLATE_ENV, withAdmin } from './database';
import { stopEmbedded } from './global-setup';
import { leaveRunTempDir } from './run-temp-dir';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env[ADMIN_URL_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (adminUrl && template) {
    await withAdmin(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`),
    ).catch(() => undefined);
  }
  try {
    await stopEmbedded();
  } finally {
    leaveRunTempDir();
  }
}
