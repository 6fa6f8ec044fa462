import { parseTimestamp } from './event-timestamp';

const iso = (date: Date | undefined): string | undefined => date?.toISOString();

describe('parseTimestamp', () => {
  it('should cover the whole second when the value has no fraction', () => {
    const parsed = parseTimestamp('2024-01-15T10:30:00Z');
    expect(iso(parsed?.start)).toBe('2024-01-15T10:30:00.000Z');
    expect(iso(parsed?.end)).toBe('2024-01-15T10:30:01.000Z');
  });

  it('should cover one millisecond when the value has a fraction', () => {
    const parsed = parseTimestamp('2024-01-15T10:30:00.123456Z');
    expect(iso(parsed?.start)).toBe('2024-01-15T10:30:00.123Z');
    expect(iso(parsed?.end)).toBe('2024-01-15T10:30:00.124Z');
  });

  it('should cover the whole day when the value is a date', () => {
    const parsed = parseTimestamp('2024-01-15');
    expect(iso(parsed?.start)).toBe('2024-01-15T00:00:00.000Z');
    expect(iso(parsed?.end)).toBe('2024-01-16T00:00:00.000Z');
  });

  it('should cover the whole minute when the value has no seconds', () => {
    expect(iso(parseTimestamp('2024-01-15T10:30Z')?.end)).toBe('2024-01-15T10:31:00.000Z');
  });

  it('should read the value as UTC when it has no zone', () => {
    expect(iso(parseTimestamp('2024-01-15T10:30:00')?.start)).toBe('2024-01-15T10:30:00.000Z');
  });

  it('should apply the offset when the value has one in either form', () => {
    expect(iso(parseTimestamp('2016-04-15T00:00:00-0400')?.start)).toBe('2016-04-15T04:00:00.000Z');
    expect(iso(parseTimestamp('2024-01-15T10:00:00+05:30')?.start)).toBe('2024-01-15T04:30:00.000Z');
  });

  it.each([
    '2024-02-30',
    '2024-01-15T24:00:00Z',
    '2024-13-01',
    '2024-01-15T10:60Z',
    '2024-01-15T10:00:00+25:00',
  ])('should refuse %s when it is not on the calendar', (value) => {
    expect(parseTimestamp(value)).toBeUndefined();
  });

  it.each(['yesterday', '1705314600', '2024-01-15 10:30:00', '2024-W03', ''])(
    'should refuse %s when it is not ISO 8601',
    (value) => {
      expect(parseTimestamp(value)).toBeUndefined();
    },
  );
});
