import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// Work a change may gather and do once at its end, in its transaction: an agent report publishes one event
// per host that changed, and the alerts those events raise (a storm: a thousand) are written together, a
// few statements for all of them, rather than a dozen statements each. Whoever opens the batch (batch())
// runs every deferred step before it returns, so nothing deferred outlives the transaction or is left out
// of it; without a batch, defer() answers false and the caller does the work at once.
@Injectable()
export class DeferredWork {
  private readonly open = new WeakMap<object, Map<string, () => Promise<void>>>();

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async batch<T>(work: () => Promise<T>): Promise<T> {
    const tx = this.txHost.tx;
    if (!this.txHost.isTransactionActive() || this.open.has(tx)) return work();
    const steps = new Map<string, () => Promise<void>>();
    this.open.set(tx, steps);
    try {
      const result = await work();
      // A step may defer more (raising alerts can publish events whose listeners raise others).
      while (steps.size > 0) {
        const [key, step] = steps.entries().next().value as [string, () => Promise<void>];
        steps.delete(key);
        await step();
      }
      return result;
    } finally {
      this.open.delete(tx);
    }
  }

  // Inside a batch: `step` runs once at its end (a key already waiting keeps its first step). Outside: false.
  defer(key: string, step: () => Promise<void>): boolean {
    if (!this.txHost.isTransactionActive()) return false;
    const steps = this.open.get(this.txHost.tx);
    if (steps === undefined) return false;
    if (!steps.has(key)) steps.set(key, step);
    return true;
  }
}
