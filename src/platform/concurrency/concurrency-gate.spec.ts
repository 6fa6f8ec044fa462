import { ConcurrencyGate, GateFullError, type GateTenant } from './concurrency-gate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const A1: GateTenant = { org: 'a', project: 'a1' };
const A2: GateTenant = { org: 'a', project: 'a2' };
const B1: GateTenant = { org: 'b', project: 'b1' };

// Lets every settled task hand its slot on.
const settle = () => new Promise((done) => setImmediate(done));

describe('ConcurrencyGate', () => {
  it('runs at most `limit` tasks at once and starts the waiting ones in arrival order', async () => {
    const gate = new ConcurrencyGate(2);
    const releases = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = releases.map((release, i) =>
      gate.run(A1, async () => {
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
    await settle();
    expect(started).toEqual([0, 1, 2]);
    releases.forEach((release) => release.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.queued).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.run(A1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(A1, () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a task at once while `maxWaiting` tasks of its own project wait, and takes one again once the queue moves', async () => {
    const gate = new ConcurrencyGate(1, 1);
    const first = deferred();
    const running = gate.run(A1, () => first.promise);
    const queued = gate.run(A1, () => Promise.resolve('queued'));
    await expect(gate.run(A1, () => Promise.resolve('refused'))).rejects.toEqual(new GateFullError(1));
    first.resolve();
    await running;
    await expect(queued).resolves.toBe('queued');
    await expect(gate.run(A1, () => Promise.resolve('later'))).resolves.toBe('later');
  });

  it('serves waiting tasks one organization at a time, then one project at a time within it, the running tenant last', async () => {
    const gate = new ConcurrencyGate(1);
    const hold = deferred();
    const order: string[] = [];
    const runs = [gate.run(A1, () => hold.promise)];
    const arrivals: Array<[GateTenant, string]> = [
      [A1, 'a1-1'],
      [A1, 'a1-2'],
      [A1, 'a1-3'],
      [A2, 'a2-1'],
      [A2, 'a2-2'],
      [B1, 'b1-1'],
    ];
    for (const [tenant, name] of arrivals) {
      runs.push(gate.run(tenant, () => Promise.resolve(void order.push(name))));
    }
    hold.resolve();
    await Promise.all(runs);
    expect(order).toEqual(['b1-1', 'a2-1', 'a1-1', 'a2-2', 'a1-2', 'a1-3']);
  });

  it('gives a freed slot to the organization with the fewest tasks running', async () => {
    const gate = new ConcurrencyGate(2);
    const holdA = deferred();
    const holdB = deferred();
    const holdA2 = deferred();
    const started: string[] = [];
    const runs = [gate.run(A1, () => holdA.promise), gate.run(B1, () => holdB.promise)];
    runs.push(gate.run(B1, () => Promise.resolve(void started.push('b1-1'))));
    runs.push(gate.run(A2, () => (started.push('a2-1'), holdA2.promise)));
    // B still runs a task: A's waiter goes first although B's waited longer.
    holdA.resolve();
    await runs[0];
    await settle();
    expect(started).toEqual(['a2-1']);
    holdB.resolve();
    holdA2.resolve();
    await Promise.all(runs);
    expect(started).toEqual(['a2-1', 'b1-1']);
  });

  it("refuses the busiest organization's newest waiter, not a quieter organization's task, when the queue is full", async () => {
    const gate = new ConcurrencyGate(1, 3);
    const hold = deferred();
    const running = gate.run(A1, () => hold.promise);
    const outcome = (tenant: GateTenant, name: string) =>
      gate.run(tenant, () => Promise.resolve(name)).catch((error: unknown) => error);
    const a = [outcome(A1, 'a-1'), outcome(A1, 'a-2'), outcome(A1, 'a-3')];
    const b = outcome(B1, 'b-1');
    // The quiet organization's task took the place of the busy one's newest.
    expect(await a[2]).toEqual(new GateFullError(3));
    expect(gate.queued).toBe(3);
    // The busy organization is refused beyond its share; within it, a quieter project is not.
    expect(await outcome(A1, 'a-4')).toEqual(new GateFullError(3));
    const a2 = outcome(A2, 'a2-1');
    expect(await a[1]).toEqual(new GateFullError(3));
    hold.resolve();
    await running;
    expect(await Promise.all([a[0], b, a2])).toEqual(['a-1', 'b-1', 'a2-1']);
    expect(gate.queued).toBe(0);
  });

  it('refuses every waiting task when `maxWaiting` is 0', async () => {
    const gate = new ConcurrencyGate(1, 0);
    const hold = deferred();
    const running = gate.run(A1, () => hold.promise);
    await expect(gate.run(B1, () => Promise.resolve('b'))).rejects.toEqual(new GateFullError(0));
    hold.resolve();
    await running;
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyGate(0)).toThrow('positive integer');
  });
});
