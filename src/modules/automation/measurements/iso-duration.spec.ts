import { parseIsoDuration } from './iso-duration';

describe('parseIsoDuration', () => {
  it.each([
    ['PT1M', 60_000],
    ['PT5M', 300_000],
    ['PT1H', 3_600_000],
    ['P1D', 86_400_000],
    ['P1DT12H', 129_600_000],
    ['P2W', 1_209_600_000],
    ['PT0.5S', 500],
    ['PT90S', 90_000],
  ])('should read %s as %i ms', (value, expected) => {
    expect(parseIsoDuration(value)).toBe(expected);
  });

  it.each(['', 'P', 'PT', 'P1M', 'P1Y', '1D', 'PT1H30', 'P1DT', 'PT0S', 'pt1h', 'PT-1H'])(
    'should refuse %p',
    (value) => {
      expect(parseIsoDuration(value)).toBeUndefined();
    },
  );
});
