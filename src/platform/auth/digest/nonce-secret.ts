import { DataSource } from 'typeorm';
import { randomSecret } from '../../config/app-config';
import { SecretBox, SecretBoxError } from '../../crypto/secret-box';
import { insertSettingIfAbsent, readSetting, replaceSetting } from './platform-settings.store';

const KEY = 'digest_nonce_secret';

// DIGEST_NONCE_SECRET when configured; otherwise one secret generated once and kept in the shared
// database, so every instance on it signs and accepts the same nonces. It is kept sealed: with it, a
// dump's reader could mint nonces. A value stored in clear (before sealing existed) or sealed with a
// previous key is sealed again with the current key here.
export async function loadNonceSecret(
  dataSource: DataSource,
  configured: string | undefined,
  box: SecretBox,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await insertSettingIfAbsent(dataSource, KEY, box.seal(randomSecret()));
  const stored = await readSetting(dataSource, KEY);
  let secret = stored;
  let current = false;
  if (SecretBox.isSealed(stored)) {
    try {
      ({ plaintext: secret, current } = box.openReporting(stored));
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      throw new Error(
        'the Digest nonce secret was sealed with a key that is neither SECRETS_KEY nor one of SECRETS_KEY_PREVIOUS',
      );
    }
  }
  if (!current) {
    // Compared with what was read: two instances starting together seal it once.
    await replaceSetting(dataSource, KEY, stored, box.seal(secret));
  }
  return Buffer.from(secret, 'base64url');
}
