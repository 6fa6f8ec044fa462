import { convertUnits } from './unit-conversion';

describe('convertUnits', () => {
  it('should convert within the data family with binary multiples', () => {
    expect(convertUnits(2048, 'MEGABYTES', 'GIGABYTES')).toBe(2);
    expect(convertUnits(1, 'KILOBYTES', 'BYTES')).toBe(1024);
    expect(convertUnits(16, 'BITS', 'BYTES')).toBe(2);
  });

  it('should convert within the time family', () => {
    expect(convertUnits(1500, 'MILLISECONDS', 'SECONDS')).toBe(1.5);
    expect(convertUnits(2, 'HOURS', 'MINUTES')).toBe(120);
  });

  it('should take the number as is for a RAW threshold or units outside both families', () => {
    expect(convertUnits(5, 'BYTES', 'RAW')).toBe(5);
    expect(convertUnits(42, 'SCALAR', 'RAW')).toBe(42);
    expect(convertUnits(80, 'PERCENT', 'RAW')).toBe(80);
    expect(convertUnits(7, 'SCALAR', 'SECONDS')).toBe(7);
  });

  it('should refuse to compare a size with a duration', () => {
    expect(convertUnits(5, 'BYTES', 'SECONDS')).toBeUndefined();
    expect(convertUnits(5, 'MINUTES', 'GIGABYTES')).toBeUndefined();
  });
});
