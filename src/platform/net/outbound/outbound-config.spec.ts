import { loadConfig } from '../../config/app-config';

describe('outbound configuration', () => {
  it('should default to no allow list, a 10 s timeout and the services’ public endpoints', () => {
    const config = loadConfig({});
    expect(config.outboundAllowlist).toEqual([]);
    expect(config.outboundTimeoutMs).toBe(10000);
    expect(config.pagerDutyEventsUrl).toBe('https://events.pagerduty.com/v2/enqueue');
    expect(config.slackApiUrl).toBe('https://slack.com/api/chat.postMessage');
    expect(config.opsGenieApiUrlUs).toBe('https://api.opsgenie.com');
    expect(config.opsGenieApiUrlEu).toBe('https://api.eu.opsgenie.com');
    expect(config.victorOpsApiUrl).toBe('https://alert.victorops.com/integrations/generic/20131114/alert');
    expect(config.datadogApiUrl).toBeUndefined();
    expect(config.newRelicEventsUrl).toBe('https://insights-collector.newrelic.com/v1/accounts');
    expect(config.smsGatewayUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Deployment Management Service <noreply@localhost>');
  });

  it('should read host names, addresses and CIDR blocks in canonical form when OUTBOUND_ALLOWLIST lists them', () => {
    const config = loadConfig({
      OUTBOUND_ALLOWLIST: ' 127.0.0.1, 10.1.2.3/8 ,Relay.Internal., [::1], FD00::/8, ::ffff:192.0.2.1,,',
    });
    expect(config.outboundAllowlist).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      'relay.internal',
      '::1/128',
      'fd00::/8',
      '192.0.2.1/32',
    ]);
  });

  it('should read ports and the any-port mark when entries carry them', () => {
    const config = loadConfig({
      OUTBOUND_ALLOWLIST: '127.0.0.1:8080, Relay.Internal:*, [::1]:8443, [fd00::/8]:*, 10.0.0.0/8:443, [::1]',
    });
    expect(config.outboundAllowlist).toEqual([
      '127.0.0.1/32:8080',
      'relay.internal:*',
      '[::1/128]:8443',
      '[fd00::/8]:*',
      '10.0.0.0/8:443',
      '::1/128',
    ]);
  });

  it.each([
    '10.0.0.0/33',
    '999.1.1.1',
    'http://relay',
    'bad_host',
    'a..b',
    '127.0.0.1:0',
    '127.0.0.1:65536',
    '127.0.0.1:http',
    'relay.internal:',
    '[::1',
    '[::1]x',
    'relay:80:90',
  ])('should refuse OUTBOUND_ALLOWLIST entry %s', (entry) => {
    expect(() => loadConfig({ OUTBOUND_ALLOWLIST: entry })).toThrow('OUTBOUND_ALLOWLIST');
  });

  it('should refuse a timeout outside 100..300000 ms', () => {
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '50' })).toThrow('OUTBOUND_TIMEOUT_MS');
    expect(loadConfig({ OUTBOUND_TIMEOUT_MS: '2500' }).outboundTimeoutMs).toBe(2500);
  });

  it('should strip a trailing slash and refuse a scheme other than http(s) when a base URL is set', () => {
    expect(loadConfig({ OPSGENIE_API_URL_EU: 'http://relay.internal:8080/opsgenie/' }).opsGenieApiUrlEu).toBe(
      'http://relay.internal:8080/opsgenie',
    );
    expect(() => loadConfig({ SLACK_API_URL: 'ftp://relay/slack' })).toThrow(
      'SLACK_API_URL must use http or https',
    );
    expect(() => loadConfig({ PAGERDUTY_EVENTS_URL: 'not a url' })).toThrow('PAGERDUTY_EVENTS_URL');
  });

  it('should accept smtp and smtps URLs only when SMTP_URL is set', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).smtpUrl).toBe(
      'smtps://user:pass@mail.example:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL must use smtp or smtps');
  });
});
