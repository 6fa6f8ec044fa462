import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

interface Gathered {
  items: unknown[];
  flush: (items: unknown[]) => Promise<void>;
}

// Work a change may gather and do once at its end, in its transaction: an agent report publishes one event
// per host that changed, and the alerts those events raise (a storm: a thousand) are written together, a
// few statements for all of them, rather than a dozen statements each. Whoever opens the batch (batch())
// runs every gathered step before it returns, so nothing gathered outlives the transaction or is left out
// of it; without a batch, collect() answers false and the caller does the work at once.
@Injectable()
export class DeferredWork {
  private readonly open = new WeakMap<object, Map<string, Gathered>>();

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async batch<T>(work: () => Promise<T>): Promise<T> {
    const tx = this.txHost.tx;
    if (!this.txHost.isTransactionActive() || this.open.has(tx)) return work();
    const steps = new Map<string, Gathered>();
    this.open.set(tx, steps);
    try {
      const result = await work();
      // In the order the steps were first asked for; a step may gather more (opening alerts on hosts
      // gathers the alerts to raise), which runs after it.
      for (let next = steps.entries().next(); !next.done; next = steps.entries().next()) {
        const [key, step] = next.value;
        steps.delete(key);
        await step.flush(step.items);
      }
      return result;
    } finally {
      this.open.delete(tx);
    }
  }

  // Inside a batch: `item` joins the others gathered under `key`, and the first caller's `flush` gets
  // them all at the batch's end, in the order they came. Outside a batch: false, nothing gathered.
  collect<T>(key: string, item: T, flush: (items: T[]) => Promise<void>): boolean {
    if (!this.txHost.isTransactionActive()) return false;
    const steps = this.open.get(this.txHost.tx);
    if (steps === undefined) return false;
    const step = steps.get(key);
    if (step === undefined)
      steps.set(key, { items: [item], flush: flush as (items: unknown[]) => Promise<void> });
    else step.items.push(item);
    return true;
  }
}
