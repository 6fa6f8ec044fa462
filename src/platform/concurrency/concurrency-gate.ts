export class GateFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} tasks already wait`);
    this.name = 'GateFullError';
  }
}

// Runs at most `limit` tasks at once; the others wait their turn, first come first served, up to
// `maxWaiting` of them: past that, run() refuses at once (GateFullError) rather than let a queue, and the
// memory its tasks hold, grow without bound. A finishing task hands its slot straight to the oldest
// waiter, so a newcomer never overtakes the queue.
export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer: ${limit}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    else if (this.waiting.length >= this.maxWaiting) throw new GateFullError(this.waiting.length);
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
