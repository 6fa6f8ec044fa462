import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';
export const SECRETS_KEY_FILE = 'secrets.key';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

// The key file holds the base64 key; it is created once (0600, exclusive create so concurrent
// starts agree on one key) and reused on every later start.
export function loadOrCreateKeyFile(path: string): Buffer {
  try {
    return decodeKey(readFileSync(path, 'utf8').trim(), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, `${key.toString('base64')}\n`);
    } finally {
      closeSync(fd);
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeKey(readFileSync(path, 'utf8').trim(), path);
  }
}

export function decodeKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`${source} must hold a base64 key of ${KEY_BYTES} bytes`);
  }
  return key;
}

export interface Opened {
  plaintext: string;
  // False when a previous key (SECRETS_KEY_PREVIOUS) opened it: the value is due to be sealed again.
  current: boolean;
}

// Authenticated encryption of secrets at rest (integration keys, webhook secrets, Digest HA1 values):
// AES-256-GCM with a random 96-bit IV per value. Sealed form: `v1:<iv>:<tag>:<ciphertext>`, each part
// base64. Values sealed with a previous key still open (GCM's tag tells the keys apart), so a key is
// rotated without a window in which stored secrets cannot be read.
export class SecretBox {
  private key: Buffer | undefined;
  private previous: Buffer[] | undefined;
  private fingerprintKey: Buffer | undefined;

  // The key is resolved on first use, so processes that never touch a secret never create a key file.
  constructor(
    private readonly resolveKey: () => Buffer,
    private readonly resolvePrevious: () => Buffer[] = () => [],
  ) {}

  static withKey(key: Buffer, previous: Buffer[] = []): SecretBox {
    for (const candidate of [key, ...previous]) {
      if (candidate.length !== KEY_BYTES) throw new SecretBoxError(`the key must be ${KEY_BYTES} bytes`);
    }
    return new SecretBox(
      () => key,
      () => previous,
    );
  }

  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}:`);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.currentKey(), iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      ciphertext.toString('base64'),
    ].join(':');
  }

  open(sealed: string): string {
    return this.openReporting(sealed).plaintext;
  }

  openReporting(sealed: string): Opened {
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new SecretBoxError('not a sealed value');
    }
    this.previous ??= this.resolvePrevious();
    const keys = [this.currentKey(), ...this.previous];
    for (const [index, key] of keys.entries()) {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      try {
        const plaintext = Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64')),
          decipher.final(),
        ]).toString('utf8');
        return { plaintext, current: index === 0 };
      } catch {
        // Another key, or an altered value: try the next key.
      }
    }
    throw new SecretBoxError('the sealed value was not encrypted with this key or was altered');
  }

  // A keyed digest (HMAC-SHA256 under a key derived from the current key): equal texts give equal
  // fingerprints, so rows can be matched on a value holding secrets without storing it in a usable form.
  fingerprint(text: string): string {
    this.fingerprintKey ??= createHmac('sha256', this.currentKey()).update('dms:fingerprint').digest();
    return createHmac('sha256', this.fingerprintKey).update(text, 'utf8').digest('hex');
  }

  private currentKey(): Buffer {
    this.key ??= this.resolveKey();
    return this.key;
  }
}

// Nest provider: SECRETS_KEY when configured, else `<DATA_DIR>/secrets.key`; SECRETS_KEY_PREVIOUS for
// values sealed before a rotation.
@Injectable()
export class ConfiguredSecretBox extends SecretBox {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(
      () =>
        config.secretsKey !== undefined
          ? decodeKey(config.secretsKey, 'SECRETS_KEY')
          : loadOrCreateKeyFile(join(config.dataDir, SECRETS_KEY_FILE)),
      () => config.secretsKeysPrevious.map((key) => decodeKey(key, 'SECRETS_KEY_PREVIOUS')),
    );
  }
}
