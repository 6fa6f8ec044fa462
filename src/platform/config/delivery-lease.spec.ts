import { loadConfig } from './app-config';

describe('loadConfig DELIVERY_LEASE_MS', () => {
  it('should default to twice the outbound timeout plus 30 s when unset', () => {
    expect(loadConfig({}).deliveryLeaseMs).toBe(50_000);
    expect(loadConfig({ OUTBOUND_TIMEOUT_MS: '2000' }).deliveryLeaseMs).toBe(34_000);
  });

  it('should take the value when it is longer than the outbound timeout', () => {
    expect(loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', DELIVERY_LEASE_MS: '2500' }).deliveryLeaseMs).toBe(2500);
  });

  it('should refuse a lease that does not outlast one outbound call', () => {
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '2000', DELIVERY_LEASE_MS: '2000' })).toThrow(
      'DELIVERY_LEASE_MS must be longer than OUTBOUND_TIMEOUT_MS (2000)',
    );
    expect(() => loadConfig({ DELIVERY_LEASE_MS: 'soon' })).toThrow('DELIVERY_LEASE_MS must be an integer');
  });
});
