import { DeliveryAllowance } from './delivery-allowance';

describe('DeliveryAllowance', () => {
  it('should take rows per project until the limit and refuse what would pass it', () => {
    const allowance = new DeliveryAllowance(10);
    expect(allowance.take('a', 6)).toBe(true);
    expect(allowance.take('a', 5)).toBe(false);
    expect(allowance.take('a', 4)).toBe(true);
    expect(allowance.take('a', 1)).toBe(false);
    expect(allowance.take('b', 10)).toBe(true);
  });

  it('should let the first notification of a project through when it alone exceeds the limit', () => {
    const allowance = new DeliveryAllowance(10);
    expect(allowance.take('a', 25)).toBe(true);
    expect(allowance.take('a', 1)).toBe(false);
  });

  it('should count charged rows against what follows without ever refusing them', () => {
    const allowance = new DeliveryAllowance(10);
    allowance.charge('a', 12);
    expect(allowance.take('a', 1)).toBe(false);
    // Nothing to create: never held back.
    expect(allowance.take('a', 0)).toBe(true);
  });
});
