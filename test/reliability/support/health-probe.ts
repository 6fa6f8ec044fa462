import { call } from '../../support/digest-client';
import { sleep } from '../../support/time';

export interface Timed<T> {
  result: T;
  elapsedMs: number;
  healthMaxMs: number;
  healthCount: number;
}

// Runs `work` while /health is asked again and again; the slowest /health answer shows whether the
// event loop was blocked. Figures are for the test log (docs/reliability.md), never asserted on.
export async function withHealthProbe<T>(baseUrl: string, work: () => Promise<T>): Promise<Timed<T>> {
  let done = false;
  let healthMaxMs = 0;
  let healthCount = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await call('GET', `${baseUrl}/health`);
      if (health.status !== 200) throw new Error(`/health answered ${health.status}`);
      healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
      healthCount++;
      await sleep(5);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, elapsedMs: performance.now() - started, healthMaxMs, healthCount };
  } finally {
    done = true;
    await probe;
  }
}

export function describeTimed(what: string, timed: Timed<unknown>): string {
  return `${what}: answered in ${timed.elapsedMs.toFixed(0)} ms; /health max ${timed.healthMaxMs.toFixed(0)} ms over ${timed.healthCount} probes`;
}
