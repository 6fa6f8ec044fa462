import { randomBytes } from 'node:crypto';

// The only reader of process.env: everything else receives this typed, validated object.
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  trustProxy: boolean;
  publicBaseUrl: string | undefined;
  nonceLifetimeSeconds: number;
  nonceSecret: string | undefined;
  logLevel: string;
  gitHash: string;
  versionString: string;
  authCacheTtlMs: number;
  runMigrationsOnStart: boolean;
  // Base64 AES-256 key for secrets at rest; unset: <dataDir>/secrets.key is created once and reused.
  secretsKey: string | undefined;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function secretsKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SECRETS_KEY;
  if (raw === undefined || raw === '') return undefined;
  if (Buffer.from(raw, 'base64').length !== 32) {
    throw new ConfigError('SECRETS_KEY must be a base64-encoded key of 32 bytes (e.g. `openssl rand -base64 32`)');
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const publicBaseUrl = env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined;
  if (publicBaseUrl !== undefined && !/^https?:\/\/[^/]+$/.test(publicBaseUrl)) {
    throw new ConfigError(`PUBLIC_BASE_URL must be scheme://host[:port], got "${publicBaseUrl}"`);
  }
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    publicBaseUrl,
    nonceLifetimeSeconds: int(env, 'DIGEST_NONCE_LIFETIME_SECONDS', 300, 5, 86400),
    nonceSecret: env.DIGEST_NONCE_SECRET || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    gitHash: env.GIT_HASH || 'unknown',
    versionString: env.APP_VERSION || '0.1.0',
    authCacheTtlMs: int(env, 'AUTH_CACHE_TTL_MS', 30000, 0, 3600000),
    runMigrationsOnStart: bool(env, 'RUN_MIGRATIONS_ON_START', true),
    secretsKey: secretsKey(env),
  };
}

// Secrets listed here are masked wherever configuration is logged.
export const SENSITIVE_CONFIG_KEYS: ReadonlyArray<keyof AppConfig> = ['databaseUrl', 'nonceSecret', 'secretsKey'];

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
