import { randomBytes } from 'node:crypto';
import { parseCidr } from '../net/cidr';
import { parseAllowlistEntry } from '../net/outbound/allowlist-entry';

// The only reader of process.env: everything else receives this typed, validated object.
export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  // Which X-Forwarded-For entry is the client (Express's `trust proxy`): false, the socket address; a
  // number, that many proxies in front, each appending the address it was reached from; a list, the
  // addresses and blocks of the proxies (entries are read from the right, skipping those).
  trustProxy: TrustProxy;
  publicBaseUrl: string | undefined;
  nonceLifetimeSeconds: number;
  nonceSecret: string | undefined;
  logLevel: string;
  gitHash: string;
  versionString: string;
  authCacheTtlMs: number;
  runMigrationsOnStart: boolean;
  // Role the runtime connections switch to (SET ROLE), lacking UPDATE/DELETE/TRUNCATE on events and any
  // ownership; undefined (`none`): no switch (src/platform/database/service-role.ts).
  databaseServiceRole: string | undefined;
  // Base64 AES-256 key for secrets at rest; unset: <dataDir>/secrets.key is created once and reused.
  secretsKey: string | undefined;
  // Keys that sealed values before the current one (SECRETS_KEY_PREVIOUS): still opened, and the
  // credentials and the nonce secret sealed with them are sealed again with the current key at start.
  secretsKeysPrevious: string[];
  // Outbound deliveries (src/platform/net/outbound): host names (lowercase) and CIDR blocks in
  // canonical text, each with its ports (`:port`, `:*`, none: 80 and 443), that may be reached although
  // they are loopback, private, link-local ...
  outboundAllowlist: string[];
  outboundTimeoutMs: number;
  // Where each notifier sends, so an air-gapped install (and the tests) can point them at relays.
  pagerDutyEventsUrl: string;
  slackApiUrl: string;
  opsGenieApiUrlUs: string;
  opsGenieApiUrlEu: string;
  victorOpsApiUrl: string;
  // Unset: the site of the integration's Datadog region.
  datadogApiUrl: string | undefined;
  newRelicEventsUrl: string;
  // Unset: SMS notifications fail as not configured.
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  // smtp://[user:pass@]host:port or smtps://...; unset: e-mail notifications fail as not configured.
  smtpUrl: string | undefined;
  mailFrom: string;
  // Automation context: an agent (and a host) unheard of for this long is down.
  agentDownAfterSeconds: number;
  // Period of the agent/host liveness sweep; 0 disables the timer (tests trigger the sweep themselves).
  agentSweepIntervalSeconds: number;
  // Agents reporting an older version raise *_AGENT_VERSION_BEHIND.
  agentCurrentVersion: string;
  // Raw measurements are kept this many days (daily partitions older than that are dropped).
  measurementRetentionDays: number;
  // Deliveries context: how often the worker claims due deliveries, and how often the notification
  // policy looks for due (re-)notifications; 0 disables the timer (tests call runDue/runSweep).
  deliveryPollMs: number;
  notificationSweepMs: number;
  // How often due notification groups (grouping policy) send their messages; 0 disables the timer
  // (tests call GroupFlusher.runDue).
  notificationGroupFlushMs: number;
  // Whether a committed delivery wakes the worker at once (Postgres LISTEN/NOTIFY); the poll stays as the
  // fallback. Only while the worker's timer runs (DELIVERY_POLL_MS > 0).
  deliveryWakeOnCommit: boolean;
  // How long a claimed delivery stays leased to the instance calling its receiver; once it lapses (the
  // instance died mid-call) another instance tries it again. Longer than one outbound call.
  deliveryLeaseMs: number;
  // Calls in flight per instance, and per organization and per project across all instances (an
  // organization's unresponsive receivers hold at most that many while other tenants' deliveries go on).
  deliveryConcurrency: number;
  deliveryOrgConcurrency: number;
  deliveryProjectConcurrency: number;
  // Delivery rows one change of alerts (an agent report, an API call) or one notification sweep may
  // create per project; the notifications past it stay due for the next sweep.
  notificationDeliveryLimit: number;
  // Attempt rows kept per delivery (the latest ones; the delivery counts them all).
  deliveryAttemptsKept: number;
  // Timeout of each call of a test notification (answered synchronously), below OUTBOUND_TIMEOUT_MS.
  testNotificationTimeoutMs: number;
  // Growth caps of the agent API: new hosts one report may create, hosts a project may hold, events
  // one report may create.
  maxNewHostsPerReport: number;
  maxHostsPerProject: number;
  maxEventsPerReport: number;
  // Agent reports written at once (the others wait, served per organization then project in turn): past
  // the database's cores, more concurrent report transactions only contend with each other.
  reportWriteConcurrency: number;
  // Reports that may wait for a write slot, all tenants together, so that a backlog cannot hold more parsed
  // reports than the heap has room for; past it the busiest tenant's reports are refused with 503 and
  // Retry-After (a quieter tenant's report takes the place of its newest).
  reportQueueLimit: number;
  // Who may read /metrics: loopback callers only, bearer-token holders, or anyone.
  metricsAccess: MetricsAccess;
  metricsToken: string | undefined;
  // Alert engine: how often TRACKING alerts whose condition outlasted their delay are promoted (0 disables
  // the timer; tests call runSweep), and how long a project's enabled alert configurations are cached.
  alertEngineSweepMs: number;
  alertEngineConfigCacheMs: number;
  // A metric alert whose host has not reported its metric for this long is cancelled by the engine sweep
  // (a host that stopped reporting would otherwise keep it open and re-notifying).
  alertStaleAfterMinutes: number;
  // Token buckets (src/platform/http/rate-limit), shared by every instance through Postgres; 0 = off.
  // Per credential (and per project when the path names one), and per client address.
  rateLimitPerMinute: number;
  rateLimitPerAddressPerMinute: number;
  // Failed authentications (src/platform/auth/failure-throttle), always counted: free failures per
  // (name, address) and per address before a block, the first block, its cap, and the quiet time
  // after which a bucket's count starts over.
  authFailuresPerNameAddress: number;
  authFailuresPerAddress: number;
  authFailureBlockMs: number;
  authFailureMaxBlockMs: number;
  authFailureResetMs: number;
  // Request bodies (src/platform/http/body-limits.ts): bytes accepted by default and by the few routes
  // that carry whole documents (automation configuration, agent reports, identity provider metadata).
  bodyLimitBytes: number;
  largeBodyLimitBytes: number;
  // JSON shape checked on the raw bytes before parsing (src/platform/http/json-shape.ts): nesting depth,
  // attributes per object, items per array, values in the whole body; all above what real bodies need.
  jsonMaxDepth: number;
  jsonMaxKeysPerObject: number;
  jsonMaxItemsPerArray: number;
  jsonMaxValues: number;
}

export type MetricsAccess = 'loopback' | 'token' | 'open';

export type TrustProxy = false | number | string[];

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

const MAX_PROXY_HOPS = 10;
// Express's names for the reserved ranges.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

// TRUST_PROXY. `true` is one proxy: the entry the proxy in front appended, never the client-written ones
// to its left, which a leftmost reading would take.
function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  const lower = raw.toLowerCase();
  if (['', 'false', 'no', '0'].includes(lower)) return false;
  if (['true', 'yes'].includes(lower)) return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= MAX_PROXY_HOPS) return hops;
  } else {
    const entries = raw.split(',').map((entry) => entry.trim().toLowerCase());
    const proxies = entries.map((entry) =>
      PROXY_RANGE_NAMES.includes(entry) ? entry : (parseCidr(entry)?.text ?? null),
    );
    if (proxies.every((proxy): proxy is string => proxy !== null)) return proxies;
  }
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a number of proxies (1..${MAX_PROXY_HOPS}) or a comma-separated list of ` +
      `proxy addresses, CIDR blocks, loopback, linklocal or uniquelocal, got "${raw}"`,
  );
}

// A plain lowercase identifier, so it is written into SQL and the connection options without quoting.
function databaseServiceRole(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.DATABASE_SERVICE_ROLE;
  if (raw === undefined || raw === '') return 'dms_service';
  if (raw === 'none') return undefined;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw) || raw.startsWith('pg_')) {
    throw new ConfigError(
      `DATABASE_SERVICE_ROLE must be a lowercase Postgres role name (letters, digits, _; not pg_*) or none, got "${raw}"`,
    );
  }
  return raw;
}

const MIB = 1024 * 1024;

function bodyLimits(env: NodeJS.ProcessEnv): { bodyLimitBytes: number; largeBodyLimitBytes: number } {
  const bodyLimitBytes = int(env, 'BODY_LIMIT_BYTES', 64 * 1024, 1024, 64 * MIB);
  const largeBodyLimitBytes = int(env, 'LARGE_BODY_LIMIT_BYTES', MIB, 1024, 64 * MIB);
  if (largeBodyLimitBytes < bodyLimitBytes) {
    throw new ConfigError(
      `LARGE_BODY_LIMIT_BYTES (${largeBodyLimitBytes}) must not be below BODY_LIMIT_BYTES (${bodyLimitBytes})`,
    );
  }
  return { bodyLimitBytes, largeBodyLimitBytes };
}

function checkedKey(name: string, raw: string): string {
  if (Buffer.from(raw, 'base64').length !== 32) {
    throw new ConfigError(
      `${name} must be a base64-encoded key of 32 bytes (e.g. \`openssl rand -base64 32\`)`,
    );
  }
  return raw;
}

function secretsKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SECRETS_KEY;
  if (raw === undefined || raw === '') return undefined;
  return checkedKey('SECRETS_KEY', raw);
}

// Comma-separated, newest first.
function secretsKeysPrevious(env: NodeJS.ProcessEnv): string[] {
  return (env.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => checkedKey('SECRETS_KEY_PREVIOUS', entry));
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string;
function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: undefined): string | undefined;
function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return checkedUrl(name, raw, ['http:', 'https:']);
}

function checkedUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.map((p) => p.slice(0, -1)).join(' or ')}`);
  }
  return raw.replace(/\/+$/, '');
}

// OUTBOUND_ALLOWLIST: comma-separated `host`, `host:port` or `host:*` entries, where a host is a name,
// an address or a CIDR block (allowlist-entry.ts).
function outboundAllowlist(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.OUTBOUND_ALLOWLIST ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries.map((entry) => {
    const parsed = parseAllowlistEntry(entry);
    if (parsed) return parsed.text;
    throw new ConfigError(
      `OUTBOUND_ALLOWLIST: "${entry}" is not a host name, an IP address or a CIDR block, optionally followed by :port or :*`,
    );
  });
}

// METRICS_ACCESS: `loopback` (the default), `token` (the default when METRICS_TOKEN is set) or `open`.
function metricsAccess(env: NodeJS.ProcessEnv): {
  metricsAccess: MetricsAccess;
  metricsToken: string | undefined;
} {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  }
  const raw = env.METRICS_ACCESS || (token ? 'token' : 'loopback');
  if (raw !== 'loopback' && raw !== 'token' && raw !== 'open') {
    throw new ConfigError(`METRICS_ACCESS must be loopback, token or open, got "${raw}"`);
  }
  if (raw === 'token' && token === undefined) {
    throw new ConfigError('METRICS_ACCESS=token needs METRICS_TOKEN');
  }
  return { metricsAccess: raw, metricsToken: token };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const outbound = outboundSettings(env);
  return {
    ...serverSettings(env),
    ...outbound,
    ...notifierSettings(env),
    ...agentSettings(env),
    ...deliverySettings(env, outbound.outboundTimeoutMs),
    ...agentReportCaps(env),
    ...metricsAccess(env),
    ...alertEngineSettings(env),
    ...requestThrottles(env),
    ...bodyLimits(env),
    ...jsonLimits(env),
  };
}

type Settings<K extends keyof AppConfig> = Pick<AppConfig, K>;

export function serverSettings(
  env: NodeJS.ProcessEnv,
): Settings<
  | 'port'
  | 'host'
  | 'databaseUrl'
  | 'dataDir'
  | 'embeddedPgPort'
  | 'trustProxy'
  | 'publicBaseUrl'
  | 'nonceLifetimeSeconds'
  | 'nonceSecret'
  | 'logLevel'
  | 'gitHash'
  | 'versionString'
  | 'authCacheTtlMs'
  | 'runMigrationsOnStart'
  | 'databaseServiceRole'
  | 'secretsKey'
  | 'secretsKeysPrevious'
> {
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    trustProxy: trustProxy(env),
    publicBaseUrl: publicBaseUrl(env),
    nonceLifetimeSeconds: int(env, 'DIGEST_NONCE_LIFETIME_SECONDS', 300, 5, 86400),
    nonceSecret: env.DIGEST_NONCE_SECRET || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    gitHash: env.GIT_HASH || 'unknown',
    versionString: env.APP_VERSION || '0.1.0',
    authCacheTtlMs: int(env, 'AUTH_CACHE_TTL_MS', 30000, 0, 3600000),
    runMigrationsOnStart: bool(env, 'RUN_MIGRATIONS_ON_START', true),
    databaseServiceRole: databaseServiceRole(env),
    secretsKey: secretsKey(env),
    secretsKeysPrevious: secretsKeysPrevious(env),
  };
}

// PUBLIC_BASE_URL: scheme://host[:port], trailing slashes dropped.
function publicBaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined;
  if (url !== undefined && !/^https?:\/\/[^/]+$/.test(url)) {
    throw new ConfigError(`PUBLIC_BASE_URL must be scheme://host[:port], got "${url}"`);
  }
  return url;
}

export function outboundSettings(
  env: NodeJS.ProcessEnv,
): Settings<'outboundAllowlist' | 'outboundTimeoutMs'> {
  return {
    outboundAllowlist: outboundAllowlist(env),
    outboundTimeoutMs: int(env, 'OUTBOUND_TIMEOUT_MS', 10000, 100, 300000),
  };
}

export function notifierSettings(
  env: NodeJS.ProcessEnv,
): Settings<
  | 'pagerDutyEventsUrl'
  | 'slackApiUrl'
  | 'opsGenieApiUrlUs'
  | 'opsGenieApiUrlEu'
  | 'victorOpsApiUrl'
  | 'datadogApiUrl'
  | 'newRelicEventsUrl'
  | 'smsGatewayUrl'
  | 'smsGatewayToken'
  | 'smtpUrl'
  | 'mailFrom'
> {
  return {
    pagerDutyEventsUrl: httpUrl(env, 'PAGERDUTY_EVENTS_URL', 'https://events.pagerduty.com/v2/enqueue'),
    slackApiUrl: httpUrl(env, 'SLACK_API_URL', 'https://slack.com/api/chat.postMessage'),
    opsGenieApiUrlUs: httpUrl(env, 'OPSGENIE_API_URL_US', 'https://api.opsgenie.com'),
    opsGenieApiUrlEu: httpUrl(env, 'OPSGENIE_API_URL_EU', 'https://api.eu.opsgenie.com'),
    victorOpsApiUrl: httpUrl(
      env,
      'VICTOROPS_API_URL',
      'https://alert.victorops.com/integrations/generic/20131114/alert',
    ),
    datadogApiUrl: httpUrl(env, 'DATADOG_API_URL', undefined),
    newRelicEventsUrl: httpUrl(
      env,
      'NEWRELIC_EVENTS_URL',
      'https://insights-collector.newrelic.com/v1/accounts',
    ),
    smsGatewayUrl: httpUrl(env, 'SMS_GATEWAY_URL', undefined),
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    smtpUrl: env.SMTP_URL ? checkedUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : undefined,
    mailFrom: env.MAIL_FROM || 'Deployment Management Service <noreply@localhost>',
  };
}

export function agentSettings(
  env: NodeJS.ProcessEnv,
): Settings<
  'agentDownAfterSeconds' | 'agentSweepIntervalSeconds' | 'agentCurrentVersion' | 'measurementRetentionDays'
> {
  return {
    agentDownAfterSeconds: int(env, 'AGENT_DOWN_AFTER_SECONDS', 300, 1, 86400),
    agentSweepIntervalSeconds: int(env, 'AGENT_SWEEP_INTERVAL_SECONDS', 30, 0, 3600),
    agentCurrentVersion: env.AGENT_CURRENT_VERSION || '107.0.0.8465-1',
    measurementRetentionDays: int(env, 'MEASUREMENT_RETENTION_DAYS', 14, 1, 3650),
  };
}

// The lease and the test notification's timeout are bounded by the outbound call they cover.
export function deliverySettings(
  env: NodeJS.ProcessEnv,
  outboundTimeoutMs: number,
): Settings<
  | 'deliveryPollMs'
  | 'notificationSweepMs'
  | 'notificationGroupFlushMs'
  | 'deliveryWakeOnCommit'
  | 'deliveryLeaseMs'
  | 'deliveryConcurrency'
  | 'deliveryOrgConcurrency'
  | 'deliveryProjectConcurrency'
  | 'notificationDeliveryLimit'
  | 'deliveryAttemptsKept'
  | 'testNotificationTimeoutMs'
> {
  const deliveryLeaseMs = int(env, 'DELIVERY_LEASE_MS', 2 * outboundTimeoutMs + 30_000, 1, 3_600_000);
  if (deliveryLeaseMs <= outboundTimeoutMs) {
    // A lease lapsing while the call is still running would let a second instance send it too.
    throw new ConfigError(
      `DELIVERY_LEASE_MS must be longer than OUTBOUND_TIMEOUT_MS (${outboundTimeoutMs}), got "${deliveryLeaseMs}"`,
    );
  }
  const testNotificationTimeoutMs = int(env, 'TEST_NOTIFICATION_TIMEOUT_MS', 5000, 100, 300_000);
  const deliveryConcurrency = int(env, 'DELIVERY_CONCURRENCY', 20, 1, 1000);
  const deliveryProjectConcurrency = int(env, 'DELIVERY_PROJECT_CONCURRENCY', 4, 1, 1000);
  // By default one organization holds at most half of an instance's slots, so another organization's
  // delivery always finds one free however many of the first one's receivers hang.
  const orgDefault = Math.max(deliveryProjectConcurrency, Math.floor(deliveryConcurrency / 2));
  return {
    deliveryPollMs: int(env, 'DELIVERY_POLL_MS', 1000, 0, 3_600_000),
    notificationSweepMs: int(env, 'NOTIFICATION_SWEEP_MS', 30_000, 0, 3_600_000),
    notificationGroupFlushMs: int(env, 'NOTIFICATION_GROUP_FLUSH_MS', 500, 0, 3_600_000),
    deliveryWakeOnCommit: bool(env, 'DELIVERY_WAKE_ON_COMMIT', true),
    deliveryLeaseMs,
    deliveryConcurrency,
    deliveryOrgConcurrency: int(env, 'DELIVERY_ORG_CONCURRENCY', orgDefault, 1, 1000),
    deliveryProjectConcurrency,
    notificationDeliveryLimit: int(env, 'NOTIFICATION_DELIVERY_LIMIT', 500, 1, 100_000),
    deliveryAttemptsKept: int(env, 'DELIVERY_ATTEMPTS_KEPT', 20, 1, 10_000),
    testNotificationTimeoutMs: Math.min(testNotificationTimeoutMs, outboundTimeoutMs),
  };
}

export function agentReportCaps(
  env: NodeJS.ProcessEnv,
): Settings<
  | 'maxNewHostsPerReport'
  | 'maxHostsPerProject'
  | 'maxEventsPerReport'
  | 'reportWriteConcurrency'
  | 'reportQueueLimit'
> {
  const maxHostsPerProject = int(env, 'MAX_HOSTS_PER_PROJECT', 1000, 1, 10_000_000);
  return {
    maxNewHostsPerReport: int(env, 'MAX_NEW_HOSTS_PER_REPORT', 100, 1, 1_000_000),
    maxHostsPerProject,
    // By default a whole project at its cap going down in one report (plus its agents' events) is
    // accepted: the cap on hosts already bounds what one report can derive.
    maxEventsPerReport: int(env, 'MAX_EVENTS_PER_REPORT', 2 * maxHostsPerProject + 10, 1, 100_000_000),
    reportWriteConcurrency: int(env, 'REPORT_WRITE_CONCURRENCY', 4, 1, 100),
    reportQueueLimit: int(env, 'REPORT_QUEUE_LIMIT', 32, 0, 10_000),
  };
}

export function alertEngineSettings(
  env: NodeJS.ProcessEnv,
): Settings<'alertEngineSweepMs' | 'alertEngineConfigCacheMs' | 'alertStaleAfterMinutes'> {
  return {
    alertEngineSweepMs: int(env, 'ALERT_ENGINE_SWEEP_MS', 30_000, 0, 3_600_000),
    alertEngineConfigCacheMs: int(env, 'ALERT_ENGINE_CONFIG_CACHE_MS', 5_000, 0, 600_000),
    alertStaleAfterMinutes: int(env, 'ALERT_STALE_AFTER_MINUTES', 30, 1, 10_080),
  };
}

export function requestThrottles(
  env: NodeJS.ProcessEnv,
): Settings<
  | 'rateLimitPerMinute'
  | 'rateLimitPerAddressPerMinute'
  | 'authFailuresPerNameAddress'
  | 'authFailuresPerAddress'
  | 'authFailureBlockMs'
  | 'authFailureMaxBlockMs'
  | 'authFailureResetMs'
> {
  return {
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 1_000_000),
    rateLimitPerAddressPerMinute: int(env, 'RATE_LIMIT_PER_ADDRESS_PER_MINUTE', 0, 0, 1_000_000),
    authFailuresPerNameAddress: int(env, 'AUTH_FAILURES_PER_NAME_ADDRESS', 10, 1, 1_000_000),
    authFailuresPerAddress: int(env, 'AUTH_FAILURES_PER_ADDRESS', 100, 1, 1_000_000),
    authFailureBlockMs: int(env, 'AUTH_FAILURE_BLOCK_MS', 1_000, 1, 3_600_000),
    authFailureMaxBlockMs: int(env, 'AUTH_FAILURE_MAX_BLOCK_MS', 900_000, 1, 86_400_000),
    authFailureResetMs: int(env, 'AUTH_FAILURE_RESET_MS', 3_600_000, 1, 604_800_000),
  };
}

export function jsonLimits(
  env: NodeJS.ProcessEnv,
): Settings<'jsonMaxDepth' | 'jsonMaxKeysPerObject' | 'jsonMaxItemsPerArray' | 'jsonMaxValues'> {
  return {
    // Deeper than 256 would let class-validator's recursion exhaust the stack; more than 10,000 attributes
    // per object brings back the quadratic cost of class-transformer's key handling.
    jsonMaxDepth: int(env, 'JSON_MAX_DEPTH', 32, 2, 256),
    jsonMaxKeysPerObject: int(env, 'JSON_MAX_KEYS_PER_OBJECT', 1_000, 10, 10_000),
    // As many items as the largest array any body declares (hosts and measurements of an agent report).
    jsonMaxItemsPerArray: int(env, 'JSON_MAX_ITEMS_PER_ARRAY', 1_000, 10, 1_000_000),
    jsonMaxValues: int(env, 'JSON_MAX_VALUES', 20_000, 10, 10_000_000),
  };
}

// Secrets listed here are masked wherever configuration is logged.
export const SENSITIVE_CONFIG_KEYS: ReadonlyArray<keyof AppConfig> = [
  'databaseUrl',
  'nonceSecret',
  'secretsKey',
  'secretsKeysPrevious',
  'smsGatewayToken',
  'smtpUrl',
  'metricsToken',
];

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
