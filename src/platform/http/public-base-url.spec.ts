import { hostname } from 'node:os';
import type { AppConfig } from '../config/app-config';
import { PublicBaseUrl, serviceAddress } from './public-base-url';

const config = (publicBaseUrl?: string): AppConfig =>
  ({ publicBaseUrl, host: '0.0.0.0', port: 8080 }) as AppConfig;

describe('serviceAddress', () => {
  it('should name a bound address and its port', () => {
    expect(serviceAddress('10.0.0.5', 8080)).toBe('http://10.0.0.5:8080');
    expect(serviceAddress('::ffff:127.0.0.1', 41234)).toBe('http://127.0.0.1:41234');
    expect(serviceAddress('fd00::5', 8080)).toBe('http://[fd00::5]:8080');
  });

  it('should use the machine host name for a wildcard bind', () => {
    expect(serviceAddress('0.0.0.0', 8080)).toBe(`http://${hostname()}:8080`);
    expect(serviceAddress('::', 8080)).toBe(`http://${hostname()}:8080`);
  });
});

describe('PublicBaseUrl', () => {
  it('should answer PUBLIC_BASE_URL whatever address was recorded', () => {
    const base = new PublicBaseUrl(config('https://ops.example.com'));
    base.recordListening({ address: '127.0.0.1', family: 'IPv4', port: 41234 });
    expect(base.get()).toBe('https://ops.example.com');
  });

  it('should answer the recorded listening address when PUBLIC_BASE_URL is unset', () => {
    const base = new PublicBaseUrl(config());
    expect(base.get()).toBe(`http://${hostname()}:8080`);
    base.recordListening({ address: '127.0.0.1', family: 'IPv4', port: 41234 });
    expect(base.get()).toBe('http://127.0.0.1:41234');
  });
});
