import { sleep } from './time';

// Waits for what happens a moment after an answer (a NOTIFY delivered after commit, a worker's
// delivery, a process exiting): polls `probe` until it gives a value other than undefined and returns
// that value; fails naming `what` when none came within `withinMs`. Never used to assert a duration.
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  withinMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(50);
  }
}
