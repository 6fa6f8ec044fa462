import { ConcurrencyGate, GateFullError } from './concurrency-gate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ConcurrencyGate', () => {
  it('runs at most `limit` tasks at once and starts the waiting ones in arrival order', async () => {
    const gate = new ConcurrencyGate(2);
    const releases = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = releases.map((release, i) =>
      gate.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await release.promise;
        running--;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(3);
    releases[1].resolve();
    await runs[1];
    await new Promise((done) => setImmediate(done));
    expect(started).toEqual([0, 1, 2]);
    releases.forEach((release) => release.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.queued).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a task at once while `maxWaiting` tasks already wait, and takes one again once the queue moves', async () => {
    const gate = new ConcurrencyGate(1, 1);
    const first = deferred();
    const running = gate.run(() => first.promise);
    const queued = gate.run(() => Promise.resolve('queued'));
    await expect(gate.run(() => Promise.resolve('refused'))).rejects.toBeInstanceOf(GateFullError);
    first.resolve();
    await running;
    await expect(queued).resolves.toBe('queued');
    await expect(gate.run(() => Promise.resolve('later'))).resolves.toBe('later');
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyGate(0)).toThrow('positive integer');
  });
});
