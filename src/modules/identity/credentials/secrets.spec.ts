import { createHash, randomBytes } from 'node:crypto';
import { SecretBox } from '../../../platform/crypto/secret-box';
import {
  digestHashes,
  openDigestHash,
  sealedDigestHashes,
  generatePrivateKey,
  generatePublicKey,
  maskPrivateKey,
  privateKeyTail,
} from './secrets';

describe('identity credential secrets', () => {
  it('should generate 8 lowercase letters when creating a public key', () => {
    for (let i = 0; i < 50; i++) expect(generatePublicKey()).toMatch(/^[a-z]{8}$/);
  });

  it('should generate a UUID v4 when creating a private key', () => {
    expect(generatePrivateKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('should hash name, realm and secret when computing the HA1 values', () => {
    const hashes = digestHashes('abcdefgh', 'secret');
    expect(hashes.ha1Md5).toBe(createHash('md5').update('abcdefgh:MMS Public API:secret').digest('hex'));
    expect(hashes.ha1Sha256).toBe(
      createHash('sha256').update('abcdefgh:MMS Public API:secret').digest('hex'),
    );
  });

  it('should store each HA1 sealed, opening to the HA1 and holding neither it nor the secret', () => {
    const box = SecretBox.withKey(randomBytes(32));
    const clear = digestHashes('abcdefgh', 'secret');
    const sealed = sealedDigestHashes(box, 'abcdefgh', 'secret');
    for (const value of [sealed.ha1Md5, sealed.ha1Sha256]) {
      expect(value).toMatch(/^v1:/);
      expect(value).not.toContain(clear.ha1Md5);
      expect(value).not.toContain('secret');
    }
    expect(openDigestHash(box, sealed.ha1Md5)).toBe(clear.ha1Md5);
    expect(openDigestHash(box, sealed.ha1Sha256)).toBe(clear.ha1Sha256);
    expect(openDigestHash(box, clear.ha1Md5)).toBe(clear.ha1Md5);
  });

  it('should show only the trailing 12 characters when masking a private key', () => {
    const key = 'a1b2c3d4-1111-4222-8333-db2c132ca78d';
    expect(maskPrivateKey(privateKeyTail(key))).toBe('********-****-****-db2c132ca78d');
  });
});
