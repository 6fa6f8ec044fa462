import { ApiError } from '../../../platform/http/api-error';
import { resolveWindow } from './measurement-window';

const NOW = new Date('2024-01-15T10:00:00Z');

function codeOf(result: ReturnType<typeof resolveWindow>): string | undefined {
  return result instanceof ApiError ? `${result.errorCode}:${String(result.parameters[0])}` : undefined;
}

describe('resolveWindow', () => {
  it('should end a period now', () => {
    expect(resolveWindow({ granularity: 'PT5M', period: 'PT1H' }, NOW)).toEqual({
      granularity: 'PT5M',
      granularityMs: 300_000,
      start: new Date('2024-01-15T09:00:00Z'),
      end: NOW,
    });
  });

  it('should take start and end as given', () => {
    const window = resolveWindow(
      { granularity: 'PT1H', start: '2024-01-14T00:00:00Z', end: '2024-01-15T00:00:00Z' },
      NOW,
    );
    expect(window).toMatchObject({
      start: new Date('2024-01-14T00:00:00Z'),
      end: new Date('2024-01-15T00:00:00Z'),
    });
  });

  it.each([
    [{ period: 'PT1H' }, 'MISSING_QUERY_PARAMETER:granularity'],
    [{ granularity: 'PT10S', period: 'PT1H' }, 'INVALID_QUERY_PARAMETER:granularity'],
    [{ granularity: 'PT1M' }, 'MISSING_QUERY_PARAMETER:period'],
    [
      { granularity: 'PT1M', period: 'PT1H', start: '2024-01-15T00:00:00Z' },
      'MUTUALLY_EXCLUSIVE_QUERY_PARAMETERS:period',
    ],
    [{ granularity: 'PT1M', period: 'P1M' }, 'INVALID_QUERY_PARAMETER:period'],
    [{ granularity: 'PT1M', start: '2024-01-15T00:00:00Z' }, 'MISSING_QUERY_PARAMETER:end'],
    [{ granularity: 'PT1M', end: '2024-01-15T00:00:00Z' }, 'MISSING_QUERY_PARAMETER:start'],
    [
      { granularity: 'PT1M', start: 'yesterday', end: '2024-01-15T00:00:00Z' },
      'INVALID_QUERY_PARAMETER:start',
    ],
    [
      { granularity: 'PT1M', start: '2024-01-15T00:00:00Z', end: '2024-01-14T00:00:00Z' },
      'INVALID_QUERY_PARAMETER:end',
    ],
    [{ granularity: 'PT1M', period: 'P8D' }, 'INVALID_QUERY_PARAMETER:granularity'],
  ])('should refuse %p with %s', (query, expected) => {
    expect(codeOf(resolveWindow(query, NOW))).toBe(expected);
  });

  it('should accept a week of one-minute points', () => {
    expect(codeOf(resolveWindow({ granularity: 'PT1M', period: 'P7D' }, NOW))).toBeUndefined();
  });
});
