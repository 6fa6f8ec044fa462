import { loadConfig, SENSITIVE_CONFIG_KEYS } from './app-config';

describe('loadConfig: server', () => {
  it('should listen on 0.0.0.0:8080 with data under ./data when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      publicBaseUrl: undefined,
      databaseServiceRole: 'dms_service',
    });
  });

  it('should drop the trailing slashes of PUBLIC_BASE_URL and refuse one with a path', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://ops.example.com//' }).publicBaseUrl).toBe(
      'https://ops.example.com',
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://ops.example.com/api' })).toThrow(
      'PUBLIC_BASE_URL must be scheme://host[:port], got "https://ops.example.com/api"',
    );
  });

  it('should name the variable and its bounds when a number is out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      'PORT must be an integer between 0 and 65535, got "70000"',
    );
  });

  it("should read TRUST_PROXY as one proxy for true, a number of proxies, or the proxies' addresses", () => {
    const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.7, 192.168.0.0/16,loopback')).toEqual(['10.0.0.7/32', '192.168.0.0/16', 'loopback']);
    expect(trust('::ffff:10.1.2.3, 2001:DB8::/32')).toEqual(['10.1.2.3/32', '2001:db8::/32']);
    for (const wrong of ['maybe', '11', '10.0.0.0/33', '10.0.0.1,', 'example.com']) {
      expect(() => trust(wrong)).toThrow(
        `TRUST_PROXY must be true, false, a number of proxies (1..10) or a comma-separated list of proxy ` +
          `addresses, CIDR blocks, loopback, linklocal or uniquelocal, got "${wrong}"`,
      );
    }
  });
});

describe('loadConfig: outbound deliveries', () => {
  it('should default to a 10 s timeout and an empty allow list', () => {
    expect(loadConfig({})).toMatchObject({ outboundAllowlist: [], outboundTimeoutMs: 10_000 });
  });
});

describe('loadConfig: notifiers', () => {
  it('should accept an smtps URL and refuse an http one for SMTP_URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com:465' }).smtpUrl).toBe(
      'smtps://mail.example.com:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      'SMTP_URL must use smtp or smtps',
    );
  });

  it('should leave the SMS gateway and Datadog unset unless configured', () => {
    expect(loadConfig({})).toMatchObject({ smsGatewayUrl: undefined, datadogApiUrl: undefined });
  });
});

describe('loadConfig: deliveries', () => {
  it('should cap the test notification timeout at the outbound timeout', () => {
    expect(
      loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', TEST_NOTIFICATION_TIMEOUT_MS: '9000' })
        .testNotificationTimeoutMs,
    ).toBe(2000);
    expect(
      loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', TEST_NOTIFICATION_TIMEOUT_MS: '900' })
        .testNotificationTimeoutMs,
    ).toBe(900);
  });

  it('should refuse a lease not longer than the outbound timeout it covers', () => {
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', DELIVERY_LEASE_MS: '2000' })).toThrow(
      'DELIVERY_LEASE_MS must be longer than OUTBOUND_TIMEOUT_MS (2000), got "2000"',
    );
  });

  it('should give one organization half of the slots by default, never fewer than one project', () => {
    expect(loadConfig({ OUTBOUND_TIMEOUT_MS: '2000' }).deliveryOrgConcurrency).toBe(10);
    expect(
      loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', DELIVERY_CONCURRENCY: '6' }).deliveryOrgConcurrency,
    ).toBe(4);
    expect(
      loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', DELIVERY_ORG_CONCURRENCY: '3' }).deliveryOrgConcurrency,
    ).toBe(3);
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', DELIVERY_ORG_CONCURRENCY: '0' })).toThrow(
      'DELIVERY_ORG_CONCURRENCY',
    );
  });
});

describe('loadConfig: agent report caps', () => {
  it('should let one report take a whole project down by default', () => {
    expect(loadConfig({ MAX_HOSTS_PER_PROJECT: '50' })).toMatchObject({
      maxNewHostsPerReport: 100,
      maxHostsPerProject: 50,
      maxEventsPerReport: 110,
      reportWriteConcurrency: 4,
      reportQueueLimit: 32,
    });
  });

  it('should take the number of report transactions at once from REPORT_WRITE_CONCURRENCY', () => {
    expect(loadConfig({ REPORT_WRITE_CONCURRENCY: '2' }).reportWriteConcurrency).toBe(2);
    expect(() => loadConfig({ REPORT_WRITE_CONCURRENCY: '0' })).toThrow('REPORT_WRITE_CONCURRENCY');
  });
});

describe('loadConfig: JSON limits', () => {
  it('should refuse a depth beyond what class-validator can recurse into', () => {
    expect(() => loadConfig({ JSON_MAX_DEPTH: '257' })).toThrow(
      'JSON_MAX_DEPTH must be an integer between 2 and 256',
    );
  });
});

describe('loadConfig', () => {
  it('should pass OUTBOUND_TIMEOUT_MS on to the delivery settings it bounds', () => {
    const config = loadConfig({ OUTBOUND_TIMEOUT_MS: '1000', TEST_NOTIFICATION_TIMEOUT_MS: '4000' });
    expect(config).toMatchObject({
      outboundTimeoutMs: 1000,
      testNotificationTimeoutMs: 1000,
      deliveryLeaseMs: 32_000,
    });
  });
});

describe('SENSITIVE_CONFIG_KEYS', () => {
  it('should list the settings declared secret', () => {
    expect([...SENSITIVE_CONFIG_KEYS].sort()).toEqual(
      [
        'databaseUrl',
        'metricsToken',
        'nonceSecret',
        'secretsKey',
        'secretsKeysPrevious',
        'smsGatewayToken',
        'smtpUrl',
      ].sort(),
    );
  });
});

describe('loadConfig: measurement retention and partitions', () => {
  it('should keep the retention in days as hours unless hours are given', () => {
    expect(loadConfig({}).measurementRetentionHours).toBe(14 * 24);
    expect(loadConfig({ MEASUREMENT_RETENTION_DAYS: '3' }).measurementRetentionHours).toBe(72);
    expect(
      loadConfig({ MEASUREMENT_RETENTION_DAYS: '3', MEASUREMENT_RETENTION_HOURS: '5' })
        .measurementRetentionHours,
    ).toBe(5);
  });

  it('should take a partition width that divides a day, a day by default', () => {
    expect(loadConfig({}).measurementPartitionMinutes).toBe(1440);
    expect(loadConfig({ MEASUREMENT_PARTITION_MINUTES: '60' }).measurementPartitionMinutes).toBe(60);
    expect(() => loadConfig({ MEASUREMENT_PARTITION_MINUTES: '50' })).toThrow(
      'MEASUREMENT_PARTITION_MINUTES must divide a day (1440 minutes), got 50',
    );
    expect(() => loadConfig({ MEASUREMENT_PARTITION_MINUTES: '10' })).toThrow('between 15 and 1440');
  });

  it('should refuse narrow partitions kept so long that queries would plan over thousands of them', () => {
    expect(loadConfig({ MEASUREMENT_RETENTION_DAYS: '3650' }).measurementPartitionMinutes).toBe(1440);
    expect(() =>
      loadConfig({ MEASUREMENT_RETENTION_DAYS: '60', MEASUREMENT_PARTITION_MINUTES: '15' }),
    ).toThrow('would keep 5762 partitions, more than 4000');
  });
});
