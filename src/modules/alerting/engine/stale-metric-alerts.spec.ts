import { isStale } from './stale-metric-alerts';

describe('isStale', () => {
  const cutoff = new Date('2024-03-01T10:00:00Z');
  const before = new Date('2024-03-01T09:00:00Z');
  const after = new Date('2024-03-01T10:00:01Z');

  it('should keep an alert raised after the cutoff, whatever its data', () => {
    expect(isStale({ created: after }, undefined, cutoff)).toBe(false);
    expect(isStale({ created: cutoff }, before, cutoff)).toBe(false);
  });

  it('should drop an older alert without a value since the cutoff', () => {
    expect(isStale({ created: before }, before, cutoff)).toBe(true);
    expect(isStale({ created: before }, undefined, cutoff)).toBe(true);
  });

  it('should keep an older alert whose metric was reported since the cutoff', () => {
    expect(isStale({ created: before }, cutoff, cutoff)).toBe(false);
    expect(isStale({ created: before }, after, cutoff)).toBe(false);
  });
});
