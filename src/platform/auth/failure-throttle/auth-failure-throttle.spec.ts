import { clientOf } from './auth-failure-throttle';

describe('clientOf', () => {
  it('should count an IPv4 caller by its address, however the socket spelled it', () => {
    expect(clientOf('192.0.2.7')).toBe('192.0.2.7');
    expect(clientOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('should count every address of one IPv6 /64 as one caller', () => {
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('should keep what is not an address as it came', () => {
    expect(clientOf('')).toBe('');
    expect(clientOf('unix-socket')).toBe('unix-socket');
  });
});
