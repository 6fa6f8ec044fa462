import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { ConfiguredSecretBox, SecretBox, SecretBoxError, loadOrCreateKeyFile } from './secret-box';

describe('SecretBox', () => {
  const box = SecretBox.withKey(randomBytes(32));

  it('should give back the plaintext when a sealed value is opened with the same key', () => {
    const sealed = box.seal('xoxb-1234567890');
    expect(sealed).not.toContain('xoxb');
    expect(box.open(sealed)).toBe('xoxb-1234567890');
  });

  it('should produce a different sealed value each time when the same plaintext is sealed twice', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('should refuse to open when the key differs', () => {
    const other = SecretBox.withKey(randomBytes(32));
    expect(() => other.open(box.seal('secret'))).toThrow(SecretBoxError);
  });

  it('should refuse to open when the ciphertext was altered', () => {
    const [version, iv, tag, ciphertext] = box.seal('secret').split(':');
    const altered = Buffer.from(ciphertext, 'base64');
    altered[0] ^= 1;
    expect(() => box.open([version, iv, tag, altered.toString('base64')].join(':'))).toThrow(SecretBoxError);
  });

  it('should refuse a value that was never sealed', () => {
    expect(() => box.open('plain text')).toThrow(SecretBoxError);
  });

  it('should refuse a key that is not 32 bytes long', () => {
    expect(() => SecretBox.withKey(randomBytes(16))).toThrow(SecretBoxError);
  });
});

describe('loadOrCreateKeyFile', () => {
  it('should create a 0600 key file once and reuse it when called again', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'dms-key-')), 'nested', 'secrets.key');
    const first = loadOrCreateKeyFile(path);
    expect(first).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(path).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').equals(first)).toBe(true);
  });

  it('should refuse a key file that does not hold 32 bytes', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'dms-key-')), 'secrets.key');
    writeFileSync(path, 'c2hvcnQ=\n');
    expect(() => loadOrCreateKeyFile(path)).toThrow(SecretBoxError);
  });
});

describe('ConfiguredSecretBox', () => {
  it('should use SECRETS_KEY when it is configured', () => {
    const key = randomBytes(32);
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-data-'));
    const configured = new ConfiguredSecretBox(
      loadConfig({ SECRETS_KEY: key.toString('base64'), DATA_DIR: dataDir }),
    );
    expect(SecretBox.withKey(key).open(configured.seal('token'))).toBe('token');
    expect(() => statSync(join(dataDir, 'secrets.key'))).toThrow();
  });

  it('should create <DATA_DIR>/secrets.key on first use when SECRETS_KEY is unset', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-data-'));
    const configured = new ConfiguredSecretBox(loadConfig({ DATA_DIR: dataDir }));
    expect(() => statSync(join(dataDir, 'secrets.key'))).toThrow();
    const sealed = configured.seal('token');
    const again = new ConfiguredSecretBox(loadConfig({ DATA_DIR: dataDir }));
    expect(again.open(sealed)).toBe('token');
  });

  it('should refuse to load a configuration whose SECRETS_KEY is not 32 bytes', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'dG9vIHNob3J0' })).toThrow('SECRETS_KEY');
    expect(() =>
      loadConfig({ SECRETS_KEY_PREVIOUS: `${randomBytes(32).toString('base64')},dG9vIHNob3J0` }),
    ).toThrow('SECRETS_KEY_PREVIOUS');
  });

  it('should open values sealed with a key of SECRETS_KEY_PREVIOUS and tell they are due to be sealed again', () => {
    const [older, old, current] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const rotated = new ConfiguredSecretBox(
      loadConfig({
        SECRETS_KEY: current.toString('base64'),
        SECRETS_KEY_PREVIOUS: `${old.toString('base64')}, ${older.toString('base64')}`,
      }),
    );
    expect(rotated.openReporting(SecretBox.withKey(older).seal('a'))).toEqual({
      plaintext: 'a',
      current: false,
    });
    expect(rotated.openReporting(SecretBox.withKey(old).seal('b'))).toEqual({
      plaintext: 'b',
      current: false,
    });
    expect(rotated.openReporting(rotated.seal('c'))).toEqual({ plaintext: 'c', current: true });
    expect(() => rotated.open(SecretBox.withKey(randomBytes(32)).seal('d'))).toThrow(SecretBoxError);
  });
});
