import { randomBytes } from 'node:crypto';
import { parseCidr } from '../net/cidr';
import { parseAllowlistEntry } from '../net/outbound/allowlist-entry';
import {
  bool,
  ConfigError,
  int,
  list,
  refined,
  setting,
  text,
  url,
  loadSettings,
  type Setting,
  type SettingValues,
} from './setting';

export { ConfigError } from './setting';

// The only reader of process.env: everything else receives this typed, validated object. Each variable is
// declared once below (name, reader with its default, meaning); docs/operations.md documents every one
// (app-config-docs.spec.ts checks it).

export type MetricsAccess = 'loopback' | 'token' | 'open';

// Which X-Forwarded-For entry is the client (Express's `trust proxy`): false, the socket address; a
// number, that many proxies in front, each appending the address it was reached from; a list, the
// addresses and blocks of the proxies (entries are read from the right, skipping those).
export type TrustProxy = false | number | string[];

const HTTP = ['http:', 'https:'];
const MIB = 1024 * 1024;
const MAX_PROXY_HOPS = 10;
// Ten years of daily partitions (the longest retention) fit; narrow partitions kept for long do not.
const MAX_MEASUREMENT_PARTITIONS = 4_000;
// Express's names for the reserved ranges.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

// `true` is one proxy: the entry the proxy in front appended, never the client-written ones to its left,
// which a leftmost reading would take.
function readTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
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

// scheme://host[:port], trailing slashes dropped.
function readPublicBaseUrl(raw: string | undefined): string | undefined {
  const value = raw?.replace(/\/+$/, '') || undefined;
  if (value !== undefined && !/^https?:\/\/[^/]+$/.test(value)) {
    throw new ConfigError(`PUBLIC_BASE_URL must be scheme://host[:port], got "${value}"`);
  }
  return value;
}

// A plain lowercase identifier, so it is written into SQL and the connection options without quoting.
function readServiceRole(raw: string | undefined): string | undefined {
  if (raw === undefined) return 'dms_service';
  if (raw === 'none') return undefined;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw) || raw.startsWith('pg_')) {
    throw new ConfigError(
      `DATABASE_SERVICE_ROLE must be a lowercase Postgres role name (letters, digits, _; not pg_*) or none, got "${raw}"`,
    );
  }
  return raw;
}

function checkedKey(name: string): (raw: string) => string {
  return (raw) => {
    if (Buffer.from(raw, 'base64').length !== 32) {
      throw new ConfigError(
        `${name} must be a base64-encoded key of 32 bytes (e.g. \`openssl rand -base64 32\`)`,
      );
    }
    return raw;
  };
}

function allowlistEntry(entry: string): string {
  const parsed = parseAllowlistEntry(entry);
  if (parsed) return parsed.text;
  throw new ConfigError(
    `OUTBOUND_ALLOWLIST: "${entry}" is not a host name, an IP address or a CIDR block, optionally followed by :port or :*`,
  );
}

const server = {
  port: int('PORT', 8080, [0, 65535], 'HTTP port.'),
  host: text('HOST', '0.0.0.0', 'Interface to listen on.'),
  databaseUrl: text('DATABASE_URL', undefined, 'Postgres URL; unset: an embedded Postgres.', {
    secret: true,
  }),
  dataDir: text('DATA_DIR', './data', 'Directory of the embedded Postgres and the generated secrets key.'),
  embeddedPgPort: int('EMBEDDED_PG_PORT', 54329, [1, 65535], 'Port of the embedded Postgres.'),
  trustProxy: setting('TRUST_PROXY', 'Which X-Forwarded-For entry is the client.', readTrustProxy),
  publicBaseUrl: setting(
    'PUBLIC_BASE_URL',
    'scheme://host[:port] users reach the service at.',
    readPublicBaseUrl,
  ),
  nonceLifetimeSeconds: int('DIGEST_NONCE_LIFETIME_SECONDS', 300, [5, 86400], 'Digest nonce lifetime.'),
  nonceSecret: text(
    'DIGEST_NONCE_SECRET',
    undefined,
    'Secret signing Digest nonces; unset: kept sealed in the database.',
    {
      secret: true,
    },
  ),
  logLevel: text('LOG_LEVEL', 'info', 'Log level.'),
  gitHash: text('GIT_HASH', 'unknown', 'gitHash of X-Vendor-Service-Version.'),
  versionString: text('APP_VERSION', '0.1.0', 'versionString of X-Vendor-Service-Version.'),
  authCacheTtlMs: int(
    'AUTH_CACHE_TTL_MS',
    30000,
    [0, 3600000],
    'How long a verified credential stays cached.',
  ),
  runMigrationsOnStart: bool('RUN_MIGRATIONS_ON_START', true, 'Apply pending migrations at start-up.'),
  // Browser sessions opened by a federated (SAML) sign-in (src/platform/auth/session).
  sessionMaxSeconds: int(
    'SESSION_MAX_SECONDS',
    43_200,
    [60, 2_592_000],
    'A browser session (federated sign-in) ends this long after the sign-in, whatever its activity.',
  ),
  sessionIdleSeconds: refined(
    int(
      'SESSION_IDLE_SECONDS',
      1_800,
      [30, 2_592_000],
      'A browser session ends after this long without a request.',
    ),
    (idle, { sessionMaxSeconds }: { sessionMaxSeconds: number }) => {
      if (idle > sessionMaxSeconds) {
        throw new ConfigError(
          `SESSION_IDLE_SECONDS must not exceed SESSION_MAX_SECONDS (${sessionMaxSeconds})`,
        );
      }
      return idle;
    },
  ),
  // undefined (`none`): no switch (src/platform/database/service-role.ts).
  databaseServiceRole: setting(
    'DATABASE_SERVICE_ROLE',
    'Role the runtime connections switch to, lacking UPDATE/DELETE/TRUNCATE on events and any ownership.',
    readServiceRole,
  ),
  secretsKey: setting(
    'SECRETS_KEY',
    'Base64 AES-256 key for secrets at rest; unset: <dataDir>/secrets.key is created once and reused.',
    (raw) => (raw === undefined ? undefined : checkedKey('SECRETS_KEY')(raw)),
    { secret: true },
  ),
  // Newest first: still opened, and what they sealed is sealed again with the current key at start.
  secretsKeysPrevious: list(
    'SECRETS_KEY_PREVIOUS',
    checkedKey('SECRETS_KEY_PREVIOUS'),
    'Keys sealing before the current one.',
    {
      secret: true,
    },
  ),
};

const outbound = {
  // Host names (lowercase) and CIDR blocks in canonical text, each with its ports (`:port`, `:*`, none:
  // 80 and 443) (src/platform/net/outbound/allowlist-entry.ts).
  outboundAllowlist: list('OUTBOUND_ALLOWLIST', allowlistEntry, 'Private targets deliveries may reach.'),
  outboundTimeoutMs: int('OUTBOUND_TIMEOUT_MS', 10000, [100, 300000], 'Timeout of one outbound delivery.'),
};

// Where each notifier sends, so an air-gapped install (and the tests) can point them at relays.
const notifiers = {
  pagerDutyEventsUrl: url(
    'PAGERDUTY_EVENTS_URL',
    HTTP,
    'https://events.pagerduty.com/v2/enqueue',
    'PagerDuty Events API.',
  ),
  slackApiUrl: url('SLACK_API_URL', HTTP, 'https://slack.com/api/chat.postMessage', 'Slack API.'),
  opsGenieApiUrlUs: url('OPSGENIE_API_URL_US', HTTP, 'https://api.opsgenie.com', 'Opsgenie API, US region.'),
  opsGenieApiUrlEu: url(
    'OPSGENIE_API_URL_EU',
    HTTP,
    'https://api.eu.opsgenie.com',
    'Opsgenie API, EU region.',
  ),
  victorOpsApiUrl: url(
    'VICTOROPS_API_URL',
    HTTP,
    'https://alert.victorops.com/integrations/generic/20131114/alert',
    'VictorOps REST endpoint.',
  ),
  datadogApiUrl: url(
    'DATADOG_API_URL',
    HTTP,
    undefined,
    "Datadog API; unset: the site of the integration's region.",
  ),
  newRelicEventsUrl: url(
    'NEWRELIC_EVENTS_URL',
    HTTP,
    'https://insights-collector.newrelic.com/v1/accounts',
    'New Relic Insights events endpoint.',
  ),
  smsGatewayUrl: url(
    'SMS_GATEWAY_URL',
    HTTP,
    undefined,
    'HTTP SMS gateway; unset: SMS fails as not configured.',
  ),
  smsGatewayToken: text('SMS_GATEWAY_TOKEN', undefined, 'Token of the SMS gateway.', { secret: true }),
  smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:'], undefined, 'smtp://[user:pass@]host:port or smtps://...', {
    secret: true,
  }),
  mailFrom: text('MAIL_FROM', 'Deployment Management Service <noreply@localhost>', 'Sender of e-mails.'),
};

const agents = {
  agentDownAfterSeconds: int(
    'AGENT_DOWN_AFTER_SECONDS',
    300,
    [1, 86400],
    'An agent (a host) unheard of this long is down.',
  ),
  // 0 disables the timer (tests trigger the sweep themselves).
  agentSweepIntervalSeconds: int(
    'AGENT_SWEEP_INTERVAL_SECONDS',
    30,
    [0, 3600],
    'Period of the liveness sweep.',
  ),
  agentCurrentVersion: text(
    'AGENT_CURRENT_VERSION',
    '107.0.0.8465-1',
    'Older agents raise *_AGENT_VERSION_BEHIND.',
  ),
  measurementRetentionDays: int(
    'MEASUREMENT_RETENTION_DAYS',
    14,
    [1, 3650],
    'Days of raw measurements kept, unless MEASUREMENT_RETENTION_HOURS is set.',
  ),
  measurementRetentionHours: int(
    'MEASUREMENT_RETENTION_HOURS',
    ({ measurementRetentionDays }: { measurementRetentionDays: number }) => measurementRetentionDays * 24,
    [1, 87_600],
    'Hours of raw measurements kept (default: MEASUREMENT_RETENTION_DAYS in hours).',
  ),
  measurementPartitionMinutes: refined(
    int(
      'MEASUREMENT_PARTITION_MINUTES',
      1_440,
      [15, 1_440],
      'Time range of one partition of the measurements table: a divisor of a day (1440), 15 minutes or more.',
    ),
    (minutes, { measurementRetentionHours }: { measurementRetentionHours: number }) => {
      if (1_440 % minutes !== 0) {
        throw new ConfigError(
          `MEASUREMENT_PARTITION_MINUTES must divide a day (1440 minutes), got ${minutes}`,
        );
      }
      // Every query on measurements is planned over its partitions: their number stays bounded.
      const partitions = Math.ceil((measurementRetentionHours * 60) / minutes) + 2;
      if (partitions > MAX_MEASUREMENT_PARTITIONS) {
        throw new ConfigError(
          `MEASUREMENT_RETENTION_HOURS / MEASUREMENT_PARTITION_MINUTES would keep ${partitions} partitions, ` +
            `more than ${MAX_MEASUREMENT_PARTITIONS}: use wider partitions`,
        );
      }
      return minutes;
    },
  ),
};

type Concurrency = { deliveryConcurrency: number; deliveryProjectConcurrency: number };

// The lease and the test notification's timeout are bounded by the outbound call they cover. The timers
// are off at 0 (tests call runDue/runSweep).
const deliveries = {
  deliveryPollMs: int(
    'DELIVERY_POLL_MS',
    1000,
    [0, 3_600_000],
    'How often the worker claims due deliveries.',
  ),
  notificationSweepMs: int(
    'NOTIFICATION_SWEEP_MS',
    30_000,
    [0, 3_600_000],
    'How often (re-)notifications are queued.',
  ),
  // Bounds how late a group's groupWaitSeconds is kept; 0: tests call GroupFlusher.runDue.
  notificationGroupFlushMs: int(
    'NOTIFICATION_GROUP_FLUSH_MS',
    500,
    [0, 3_600_000],
    'How often due notification groups (a grouping policy) send their messages.',
  ),
  // Postgres LISTEN/NOTIFY, only while the worker's timer runs; the poll stays as the fallback.
  deliveryWakeOnCommit: bool(
    'DELIVERY_WAKE_ON_COMMIT',
    true,
    'A committed delivery wakes the worker at once.',
  ),
  deliveryLeaseMs: refined(
    int(
      'DELIVERY_LEASE_MS',
      (earlier: SettingValues<typeof outbound>) => 2 * earlier.outboundTimeoutMs + 30_000,
      [1, 3_600_000],
      'How long a claimed delivery stays with the instance calling its receiver.',
    ),
    (lease, { outboundTimeoutMs }) => {
      // A lease lapsing while the call is still running would let a second instance send it too.
      if (lease <= outboundTimeoutMs) {
        throw new ConfigError(
          `DELIVERY_LEASE_MS must be longer than OUTBOUND_TIMEOUT_MS (${outboundTimeoutMs}), got "${lease}"`,
        );
      }
      return lease;
    },
  ),
  testNotificationTimeoutMs: refined(
    int('TEST_NOTIFICATION_TIMEOUT_MS', 5000, [100, 300_000], 'Timeout of each call of a test notification.'),
    (timeout, { outboundTimeoutMs }: SettingValues<typeof outbound>) => Math.min(timeout, outboundTimeoutMs),
  ),
  deliveryConcurrency: int('DELIVERY_CONCURRENCY', 20, [1, 1000], 'Receiver calls in flight per instance.'),
  deliveryProjectConcurrency: int(
    'DELIVERY_PROJECT_CONCURRENCY',
    4,
    [1, 1000],
    'Calls in flight per project.',
  ),
  // By default one organization holds at most half of an instance's slots, so another organization's
  // delivery always finds one free however many of the first one's receivers hang.
  deliveryOrgConcurrency: int(
    'DELIVERY_ORG_CONCURRENCY',
    (earlier: Concurrency) =>
      Math.max(earlier.deliveryProjectConcurrency, Math.floor(earlier.deliveryConcurrency / 2)),
    [1, 1000],
    'Receiver calls in flight per organization, across all instances.',
  ),
  // A slot's batch is sent one call after the other: it bounds how long one receiver keeps its slot
  // while the other receivers of its project wait for theirs.
  deliveryBatchSize: int(
    'DELIVERY_BATCH_SIZE',
    50,
    [1, 1000],
    'Due deliveries to one receiver a slot carries per claim, sent one after the other.',
  ),
  // The notifications past it stay due for the next sweep.
  notificationDeliveryLimit: int(
    'NOTIFICATION_DELIVERY_LIMIT',
    500,
    [1, 100_000],
    'Delivery rows one change of alerts or one sweep may create per project.',
  ),
  deliveryAttemptsKept: int('DELIVERY_ATTEMPTS_KEPT', 20, [1, 10_000], 'Attempt rows kept per delivery.'),
};

const agentReports = {
  maxNewHostsPerReport: int('MAX_NEW_HOSTS_PER_REPORT', 100, [1, 1_000_000], 'New hosts one report may add.'),
  maxHostsPerProject: int('MAX_HOSTS_PER_PROJECT', 1000, [1, 10_000_000], 'Hosts a project may hold.'),
  // Metric names are free-form (an upper-case word) and every (name, units) pair seen is a row and an
  // entry in each instance's id cache: bounded so that agents inventing names cannot grow either without end.
  maxMeasurementMetrics: int(
    'MAX_MEASUREMENT_METRICS',
    10_000,
    [100, 1_000_000],
    'Distinct (metric name, units) pairs the service keeps.',
  ),
  // By default a whole project at its cap going down in one report (plus its agents' events) is
  // accepted: the cap on hosts already bounds what one report can derive.
  maxEventsPerReport: int(
    'MAX_EVENTS_PER_REPORT',
    (earlier: { maxHostsPerProject: number }) => 2 * earlier.maxHostsPerProject + 10,
    [1, 100_000_000],
    'Events one report may create.',
  ),
  // Past the database's cores, more concurrent report transactions only contend with each other.
  reportWriteConcurrency: int('REPORT_WRITE_CONCURRENCY', 4, [1, 100], 'Agent reports written at once.'),
  // So that a backlog cannot hold more parsed reports than the heap has room for; past it the busiest
  // tenant's reports are refused with 503 and Retry-After (a quieter tenant's takes the place of its newest).
  reportQueueLimit: int('REPORT_QUEUE_LIMIT', 32, [0, 10_000], 'Reports that may wait for a write slot.'),
};

const metrics = {
  metricsToken: setting(
    'METRICS_TOKEN',
    'Bearer token for /metrics.',
    (raw) => {
      if (raw !== undefined && raw.length < 16) {
        throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
      }
      return raw;
    },
    { secret: true },
  ),
  // `loopback` by default, `token` when METRICS_TOKEN is set.
  metricsAccess: setting(
    'METRICS_ACCESS',
    'Who may read /metrics: loopback callers only, bearer-token holders, or anyone.',
    (raw, { metricsToken }: { metricsToken: string | undefined }): MetricsAccess => {
      const value = raw ?? (metricsToken ? 'token' : 'loopback');
      if (value !== 'loopback' && value !== 'token' && value !== 'open') {
        throw new ConfigError(`METRICS_ACCESS must be loopback, token or open, got "${value}"`);
      }
      if (value === 'token' && metricsToken === undefined) {
        throw new ConfigError('METRICS_ACCESS=token needs METRICS_TOKEN');
      }
      return value;
    },
  ),
};

// The sweep timer is off at 0 (tests call runSweep).
const alertEngine = {
  alertEngineSweepMs: int(
    'ALERT_ENGINE_SWEEP_MS',
    30_000,
    [0, 3_600_000],
    'How often delayed alerts are opened.',
  ),
  alertEngineConfigCacheMs: int(
    'ALERT_ENGINE_CONFIG_CACHE_MS',
    5_000,
    [0, 600_000],
    "How long a project's enabled alert configurations are cached.",
  ),
  // A host that stopped reporting would otherwise keep it open and re-notifying.
  alertStaleAfterMinutes: int(
    'ALERT_STALE_AFTER_MINUTES',
    30,
    [1, 10_080],
    'A metric alert whose host sent no value of its metric this long is cancelled.',
  ),
};

// Token buckets (src/platform/http/rate-limit), shared by every instance through Postgres; 0 = off. Failed
// authentications (src/platform/auth/failure-throttle) are always counted.
const throttles = {
  rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 0, [0, 1_000_000], 'Requests per minute per credential.'),
  rateLimitPerAddressPerMinute: int(
    'RATE_LIMIT_PER_ADDRESS_PER_MINUTE',
    0,
    [0, 1_000_000],
    'Requests per minute per client address.',
  ),
  authFailuresPerNameAddress: int(
    'AUTH_FAILURES_PER_NAME_ADDRESS',
    10,
    [1, 1_000_000],
    'Free failures per name and address.',
  ),
  authFailuresPerAddress: int('AUTH_FAILURES_PER_ADDRESS', 100, [1, 1_000_000], 'Free failures per address.'),
  authFailureBlockMs: int('AUTH_FAILURE_BLOCK_MS', 1_000, [1, 3_600_000], 'First block.'),
  authFailureMaxBlockMs: int('AUTH_FAILURE_MAX_BLOCK_MS', 900_000, [1, 86_400_000], 'Longest block.'),
  authFailureResetMs: int(
    'AUTH_FAILURE_RESET_MS',
    3_600_000,
    [1, 604_800_000],
    'Quiet time after which a bucket starts over.',
  ),
};

// Request bodies (src/platform/http/body-limits.ts) and their JSON shape, checked on the raw bytes before
// parsing (src/platform/http/json-shape.ts); all above what real bodies need.
const bodies = {
  bodyLimitBytes: int('BODY_LIMIT_BYTES', 64 * 1024, [1024, 64 * MIB], 'Largest body of most routes.'),
  // Automation configuration, agent reports, identity provider metadata.
  largeBodyLimitBytes: refined(
    int(
      'LARGE_BODY_LIMIT_BYTES',
      MIB,
      [1024, 64 * MIB],
      'Largest body of the routes carrying whole documents.',
    ),
    (large, { bodyLimitBytes }: { bodyLimitBytes: number }) => {
      if (large < bodyLimitBytes) {
        throw new ConfigError(
          `LARGE_BODY_LIMIT_BYTES (${large}) must not be below BODY_LIMIT_BYTES (${bodyLimitBytes})`,
        );
      }
      return large;
    },
  ),
  // Deeper than 256 would let class-validator's recursion exhaust the stack; more than 10,000 attributes
  // per object brings back the quadratic cost of class-transformer's key handling.
  jsonMaxDepth: int('JSON_MAX_DEPTH', 32, [2, 256], 'Nesting levels of a body.'),
  jsonMaxKeysPerObject: int('JSON_MAX_KEYS_PER_OBJECT', 1_000, [10, 10_000], 'Attributes of one object.'),
  // As many items as the largest array any body declares (hosts and measurements of an agent report).
  jsonMaxItemsPerArray: int('JSON_MAX_ITEMS_PER_ARRAY', 1_000, [10, 1_000_000], 'Items of one array.'),
  jsonMaxValues: int(
    'JSON_MAX_VALUES',
    20_000,
    [10, 10_000_000],
    'Attributes and array items of a whole body.',
  ),
};

// Read in this order: a setting's default or bound may use those declared before it.
export const SETTINGS = {
  ...server,
  ...outbound,
  ...notifiers,
  ...agents,
  ...deliveries,
  ...agentReports,
  ...metrics,
  ...alertEngine,
  ...throttles,
  ...bodies,
} satisfies Record<string, Setting<unknown, never>>;

export type AppConfig = SettingValues<typeof SETTINGS>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadSettings(SETTINGS, env);
}

// Secrets, masked wherever configuration is logged.
export const SENSITIVE_CONFIG_KEYS = (Object.keys(SETTINGS) as Array<keyof AppConfig>).filter(
  (key) => SETTINGS[key].secret === true,
);

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
