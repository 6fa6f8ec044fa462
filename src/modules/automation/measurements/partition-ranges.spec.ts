import { covers, partitionNameOf, rangeFor } from './partition-ranges';

const at = (iso: string) => new Date(iso).getTime();
const range = (from: string, to: string) => ({ from: at(from), to: at(to) });

describe('partition ranges', () => {
  it('should take the slot of the width that holds the instant, aligned on UTC midnight', () => {
    expect(rangeFor(at('2024-03-10T10:19:00Z'), 60, [])).toEqual(
      range('2024-03-10T10:00Z', '2024-03-10T11:00Z'),
    );
    expect(rangeFor(at('2024-03-10T10:19:00Z'), 45, [])).toEqual(
      range('2024-03-10T09:45Z', '2024-03-10T10:30Z'),
    );
    expect(rangeFor(at('2024-03-10T23:59:59Z'), 1440, [])).toEqual(
      range('2024-03-10T00:00Z', '2024-03-11T00:00Z'),
    );
  });

  it('should cut the slot back to the partitions made under another width on either side', () => {
    const existing = [
      range('2024-03-10T00:00Z', '2024-03-10T10:15Z'),
      range('2024-03-10T10:40Z', '2024-03-10T12:00Z'),
    ];
    expect(rangeFor(at('2024-03-10T10:20:00Z'), 60, existing)).toEqual(
      range('2024-03-10T10:15Z', '2024-03-10T10:40Z'),
    );
    expect(rangeFor(at('2024-03-10T12:00:00Z'), 1440, existing)).toEqual(
      range('2024-03-10T12:00Z', '2024-03-11T00:00Z'),
    );
  });

  it('should ignore partitions that do not reach into the slot', () => {
    const existing = [
      range('2024-03-09T00:00Z', '2024-03-10T00:00Z'),
      range('2024-03-10T12:00Z', '2024-03-10T13:00Z'),
    ];
    expect(rangeFor(at('2024-03-10T10:20:00Z'), 60, existing)).toEqual(
      range('2024-03-10T10:00Z', '2024-03-10T11:00Z'),
    );
  });

  it('should hold an instant in [from, to)', () => {
    const ranges = [range('2024-03-10T10:00Z', '2024-03-10T11:00Z')];
    expect(covers(ranges, at('2024-03-10T10:00:00Z'))).toBe(true);
    expect(covers(ranges, at('2024-03-10T10:59:59.999Z'))).toBe(true);
    expect(covers(ranges, at('2024-03-10T11:00:00Z'))).toBe(false);
    expect(covers([], at('2024-03-10T10:30:00Z'))).toBe(false);
  });

  it('should name a whole UTC day by its date and anything else by its start', () => {
    expect(partitionNameOf(range('2024-03-10T00:00Z', '2024-03-11T00:00Z'))).toBe('measurements_p20240310');
    expect(partitionNameOf(range('2024-03-10T00:00Z', '2024-03-10T01:00Z'))).toBe(
      'measurements_p20240310_0000',
    );
    expect(partitionNameOf(range('2024-03-10T10:15Z', '2024-03-10T10:40Z'))).toBe(
      'measurements_p20240310_1015',
    );
    expect(partitionNameOf(range('2024-03-10T12:00Z', '2024-03-11T00:00Z'))).toBe(
      'measurements_p20240310_1200',
    );
  });
});
