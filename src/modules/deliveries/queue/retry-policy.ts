import type { NotifyResult } from '../notifiers';

// Alertmanager's backoff (its notify retrier uses cenkalti/backoff defaults): 0.5 s initial interval,
// x1.5 per attempt, capped at 60 s, randomized by +/-50%. Every retry is a queued row, so retries survive
// a restart; a delivery is retried for at least GIVE_UP_AFTER_MS after it was enqueued, then given up.
export const INITIAL_BACKOFF_MS = 500;
export const BACKOFF_MULTIPLIER = 1.5;
export const MAX_BACKOFF_MS = 60_000;
export const RANDOMIZATION = 0.5;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
// A receiver's Retry-After is honoured up to this long (a bogus far-future date must not park a row).
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

// `random` in [0, 1): the jitter source, injectable for the unit test.
export function backoffMs(attemptNumber: number, random: number): number {
  const base = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * BACKOFF_MULTIPLIER ** (attemptNumber - 1));
  const jittered = base * (1 - RANDOMIZATION + 2 * RANDOMIZATION * random);
  return Math.round(Math.min(MAX_BACKOFF_MS, jittered));
}

export type NextStep =
  { status: 'SUCCEEDED' } | { status: 'FAILED' } | { status: 'PENDING'; nextAttemptAt: Date };

export function nextStep(
  result: Pick<NotifyResult, 'ok' | 'retryable' | 'retryAfterMs'>,
  attemptNumber: number,
  enqueued: Date,
  now: Date,
  random: number,
): NextStep {
  if (result.ok) return { status: 'SUCCEEDED' };
  if (!result.retryable) return { status: 'FAILED' };
  if (now.getTime() - enqueued.getTime() >= GIVE_UP_AFTER_MS) return { status: 'FAILED' };
  const retryAfter = Math.min(MAX_RETRY_AFTER_MS, result.retryAfterMs ?? 0);
  const delay = Math.max(backoffMs(attemptNumber, random), retryAfter);
  return { status: 'PENDING', nextAttemptAt: new Date(now.getTime() + delay) };
}
