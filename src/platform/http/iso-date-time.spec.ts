import { parseIsoDateTime } from './iso-date-time';

const iso = (value: string): string | undefined => parseIsoDateTime(value)?.toISOString();

describe('parseIsoDateTime', () => {
  it('should apply the offset when it is written without a colon as in the product example', () => {
    expect(iso('2016-04-15T00:00:00-0400')).toBe('2016-04-15T04:00:00.000Z');
  });

  it('should apply the offset when it is written with a colon', () => {
    expect(iso('2024-01-15T10:00:00+05:30')).toBe('2024-01-15T04:30:00.000Z');
  });

  it('should read the value as UTC when it has no zone', () => {
    expect(iso('2024-01-15T10:30:00')).toBe('2024-01-15T10:30:00.000Z');
  });

  it('should accept minutes precision and a fraction', () => {
    expect(iso('2024-01-15T10:30Z')).toBe('2024-01-15T10:30:00.000Z');
    expect(iso('2024-01-15T10:30:00.123456Z')).toBe('2024-01-15T10:30:00.123Z');
  });

  it('should accept a date a hundred years ahead', () => {
    expect(iso('2124-06-01T00:00:00Z')).toBe('2124-06-01T00:00:00.000Z');
  });

  it.each([
    '2024-02-30T00:00:00Z',
    '2024-01-15T24:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-15T10:00:00+25:00',
  ])('should refuse %s when it is not on the calendar', (value) => {
    expect(parseIsoDateTime(value)).toBeUndefined();
  });

  it.each(['tomorrow', '1705314600', '2024-01-15', '2024-01-15 10:30:00', '15/01/2024T10:00:00Z', ''])(
    'should refuse %s when it is not an ISO 8601 date and time',
    (value) => {
      expect(parseIsoDateTime(value)).toBeUndefined();
    },
  );
});
