import { OutboundRequestError, type OutboundResponse } from '../../../platform/net/outbound';
import type { NotifyResult } from './notifier';

// The start of a receiver's answer kept in a result: enough for a log line or a test notification.
export const RESPONSE_EXCERPT_LENGTH = 2000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

// Retry-After is either delay-seconds or an HTTP-date (RFC 9110 10.2.3).
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form names a day or month and has hh:mm:ss; Date.parse alone accepts "-5".
  if (!/[A-Za-z]{3}/.test(text) || !/\d{2}:\d{2}:\d{2}/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}

// 2xx succeeds; 408/429/5xx may succeed later; any other answer (including a 3xx, since redirects are
// not followed) will not.
export function outcomeOfResponse(response: OutboundResponse, now: Date): NotifyResult {
  const { status, latencyMs } = response;
  // A private target's answer is withheld: whoever set the URL could read an internal service with it.
  const excerpt = response.privateTarget ? undefined : response.body.slice(0, RESPONSE_EXCERPT_LENGTH);
  if (status >= 200 && status < 300)
    return { ok: true, status, latencyMs, retryable: false, response: excerpt };
  const retryable = isRetryableStatus(status);
  const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
  return {
    ok: false,
    status,
    error: `the receiver answered HTTP ${status}${redirect}`,
    latencyMs,
    retryable,
    retryAfterMs: retryable ? parseRetryAfter(response.headers['retry-after'], now) : undefined,
    response: excerpt,
  };
}

// What every failed connection reports, whatever the cause (refused, reset, not HTTP, DNS, TLS, no
// answer in time): distinct texts would tell an open port from a closed one on an allowed host. The
// cause goes to the service's log.
export const UNREACHABLE_ERROR = 'UNREACHABLE: the receiver could not be reached or did not answer in time';

// A refused destination or a malformed request will fail the same way again; a timeout or a network
// error may not.
export function outcomeOfFailure(error: unknown): NotifyResult {
  if (error instanceof OutboundRequestError) {
    const retryable = error.failure === 'TIMEOUT' || error.failure === 'NETWORK';
    const text = retryable ? UNREACHABLE_ERROR : `${error.failure}: ${error.message}`;
    return { ok: false, error: text, latencyMs: error.latencyMs, retryable };
  }
  return {
    ok: false,
    error: error instanceof Error ? error.message : String(error),
    latencyMs: 0,
    retryable: true,
  };
}

export function notConfigured(what: string): NotifyResult {
  return { ok: false, error: `NOT_CONFIGURED: ${what}`, latencyMs: 0, retryable: false };
}
