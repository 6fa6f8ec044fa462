import { DataSource } from 'typeorm';
import { randomSecret } from '../../config/app-config';

const KEY = 'digest_nonce_secret';

// DIGEST_NONCE_SECRET when configured; otherwise one secret generated once and kept in the shared
// database, so every instance on it signs and accepts the same nonces.
export async function loadNonceSecret(dataSource: DataSource, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await dataSource.query('INSERT INTO platform_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    KEY,
    randomSecret(),
  ]);
  const rows: Array<{ value: string }> = await dataSource.query('SELECT value FROM platform_settings WHERE key = $1', [KEY]);
  return Buffer.from(rows[0].value, 'base64url');
}
