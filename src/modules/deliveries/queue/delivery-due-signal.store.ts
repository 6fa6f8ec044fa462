import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// The Postgres channel on which a committed delivery wakes the workers of every instance.
export const DELIVERY_DUE_CHANNEL = 'deliveries_due';

// NOTIFY inside the caller's transaction: Postgres delivers it only when that transaction commits (a
// rolled-back alert wakes nobody), and folds repeats within one transaction into one message. So one
// NOTIFY per transaction is sent: a report opening 1,000 alerts enqueues 1,000 times, and the 999 repeats
// would each cost a round trip for nothing.
@Injectable()
export class DeliveryDueSignal {
  private readonly announced = new WeakSet<object>();

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async announce(): Promise<void> {
    const tx = this.txHost.tx;
    const inTransaction = this.txHost.isTransactionActive();
    if (inTransaction && this.announced.has(tx)) return;
    await tx.query('SELECT pg_notify($1, $2)', [DELIVERY_DUE_CHANNEL, '']);
    if (inTransaction) this.announced.add(tx);
  }
}
