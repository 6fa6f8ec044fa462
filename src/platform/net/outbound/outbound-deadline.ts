import { AsyncLocalStorage } from 'node:async_hooks';

// A shorter timeout for the outbound calls made inside `fn` (a test notification answers its caller
// synchronously, so it may not wait as long as a queued delivery). Carried by async context so that
// every notifier honours it without each one passing it along.
const deadline = new AsyncLocalStorage<number>();

export function withOutboundTimeout<T>(timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  return deadline.run(timeoutMs, fn);
}

// The configured timeout, or the shorter one of the enclosing withOutboundTimeout.
export function effectiveTimeout(configuredMs: number): number {
  const override = deadline.getStore();
  return override === undefined ? configuredMs : Math.min(configuredMs, override);
}
