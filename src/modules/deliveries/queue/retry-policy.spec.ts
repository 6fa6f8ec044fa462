import { backoffMs, GIVE_UP_AFTER_MS, MAX_BACKOFF_MS, nextStep } from './retry-policy';

const enqueued = new Date('2024-01-15T10:00:00Z');
const at = (ms: number) => new Date(enqueued.getTime() + ms);

describe('backoffMs', () => {
  it('should start at 0.5 s and grow by 1.5 when the jitter is neutral', () => {
    expect([1, 2, 3].map((n) => backoffMs(n, 0.5))).toEqual([500, 750, 1125]);
  });

  it('should stay within +/-50% of the base when the jitter is extreme', () => {
    expect(backoffMs(1, 0)).toBe(250);
    expect(backoffMs(1, 0.9999)).toBe(750);
  });

  it('should cap at 60 s when attempts pile up', () => {
    expect(backoffMs(40, 0.5)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(40, 0.9999)).toBe(MAX_BACKOFF_MS);
  });
});

describe('nextStep', () => {
  it('should succeed when the receiver accepted', () => {
    expect(nextStep({ ok: true, retryable: false }, 1, enqueued, at(0), 0.5)).toEqual({
      status: 'SUCCEEDED',
    });
  });

  it('should give up when the failure is not retryable', () => {
    expect(nextStep({ ok: false, retryable: false }, 1, enqueued, at(0), 0.5)).toEqual({ status: 'FAILED' });
  });

  it('should retry after the backoff when the failure is retryable', () => {
    expect(nextStep({ ok: false, retryable: true }, 2, enqueued, at(1000), 0.5)).toEqual({
      status: 'PENDING',
      nextAttemptAt: at(1750),
    });
  });

  it('should honour Retry-After when it is longer than the backoff', () => {
    expect(nextStep({ ok: false, retryable: true, retryAfterMs: 30_000 }, 1, enqueued, at(0), 0.5)).toEqual({
      status: 'PENDING',
      nextAttemptAt: at(30_000),
    });
  });

  it('should give up when the delivery has been retried for 24 hours', () => {
    expect(nextStep({ ok: false, retryable: true }, 900, enqueued, at(GIVE_UP_AFTER_MS), 0.5)).toEqual({
      status: 'FAILED',
    });
    expect(
      nextStep({ ok: false, retryable: true }, 900, enqueued, at(GIVE_UP_AFTER_MS - 1), 0.5).status,
    ).toBe('PENDING');
  });
});
