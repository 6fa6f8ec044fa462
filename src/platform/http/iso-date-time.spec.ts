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

  // The calendar check is arithmetic; Date.UTC's own roll-over (a field it changes) is the reference.
  it('should refuse exactly the fields Date.UTC would roll over or read as another year', () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const rolledOver = (fields: number[]) => {
      const at = new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]));
      const back = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours()];
      return back
        .concat(at.getUTCMinutes(), at.getUTCSeconds())
        .some((field, index) => field !== fields[index]);
    };
    const differences: string[] = [];
    for (const year of [0, 99, 100, 1600, 1900, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          for (const [hour, minute, second] of [
            [0, 0, 0],
            [23, 59, 59],
            [24, 0, 0],
            [0, 60, 0],
            [0, 0, 60],
          ]) {
            const fields = [year, month, day, hour, minute, second];
            const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}Z`;
            const expected = rolledOver(fields)
              ? undefined
              : new Date(Date.UTC(year, month - 1, day, hour, minute, second));
            if (parseIsoDateTime(text)?.getTime() !== expected?.getTime()) differences.push(text);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
