import { looksRedacted, redact, redactFully, redactPartially, redactUrl } from './redaction';

describe('redaction', () => {
  it('should keep six asterisks and the last four characters when a key is redacted partially', () => {
    expect(redactPartially('1234567890')).toBe('******7890');
  });

  it('should mask completely when the key is shorter than eight characters', () => {
    expect(redactPartially('abc1234')).toBe('******');
  });

  it('should mask completely when redacting fully', () => {
    expect(redactFully('my-webhook-secret')).toBe('******');
  });

  it('should keep scheme and host and mask the rest like a key when a URL is redacted', () => {
    expect(redactUrl('https://hooks.example.com/services/T000/B000/XXXXabcd')).toBe(
      'https://hooks.example.com/******abcd',
    );
  });

  it('should drop credentials and keep the port when a URL carries both', () => {
    expect(redactUrl('http://user:pass@receiver.example.com:8443/alerts?token=s3cr3t-value')).toBe(
      'http://receiver.example.com:8443/******alue',
    );
  });

  it('should mask a string that is not a URL like a key', () => {
    expect(redactUrl('not a url at all')).toBe('****** all');
  });
});

describe('looksRedacted', () => {
  it.each([
    ['FULL', '******'],
    ['PARTIAL', '******7890'],
    ['PARTIAL', '******'],
    ['URL', 'https://hooks.example.com/******abcd'],
    ['URL', 'http://receiver.example.com:8443/******alue'],
  ] as const)('should read a %s redacted form %s as redacted', (redaction, value) => {
    expect(looksRedacted(value, redaction)).toBe(true);
  });

  it.each([
    ['FULL', 'my-webhook-secret'],
    ['PARTIAL', '1234567890'],
    ['PARTIAL', '******12345'],
    ['URL', 'https://hooks.example.com/'],
    ['URL', 'https://hooks.example.com/services/T000/B000/XXXXabcd'],
  ] as const)('should read a %s value %s as a new secret', (redaction, value) => {
    expect(looksRedacted(value, redaction)).toBe(false);
  });

  it('should recognise the output of redact for every redaction', () => {
    const secret = 'https://hooks.example.com/services/T000/B000/XXXXabcd';
    for (const redaction of ['FULL', 'PARTIAL', 'URL'] as const) {
      expect(looksRedacted(redact(secret, redaction), redaction)).toBe(true);
    }
  });
});
