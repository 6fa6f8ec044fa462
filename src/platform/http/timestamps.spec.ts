import { toIsoSeconds, toIsoSecondsOrUndefined } from './timestamps';

describe('toIsoSeconds', () => {
  it('should print UTC without the fraction of a second', () => {
    expect(toIsoSeconds(new Date('2014-04-23T14:52:29.987Z'))).toBe('2014-04-23T14:52:29Z');
    expect(toIsoSeconds(new Date(0))).toBe('1970-01-01T00:00:00Z');
  });

  it('should keep the sign and six digits of an extended year', () => {
    expect(toIsoSeconds(new Date('+012345-06-07T08:09:10.500Z'))).toBe('+012345-06-07T08:09:10Z');
    expect(toIsoSeconds(new Date('-000001-01-01T00:00:00.000Z'))).toBe('-000001-01-01T00:00:00Z');
  });

  it('should answer undefined for a missing date', () => {
    expect(toIsoSecondsOrUndefined(null)).toBeUndefined();
    expect(toIsoSecondsOrUndefined(undefined)).toBeUndefined();
  });
});
