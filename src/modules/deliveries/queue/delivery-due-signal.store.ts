import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// The Postgres channel on which a committed delivery wakes the workers of every instance.
export const DELIVERY_DUE_CHANNEL = 'deliveries_due';

// NOTIFY inside the caller's transaction: Postgres delivers it only when that transaction commits (a
// rolled-back alert wakes nobody), and folds repeats within one transaction into one message.
@Injectable()
export class DeliveryDueSignal {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async announce(): Promise<void> {
    await this.txHost.tx.query('SELECT pg_notify($1, $2)', [DELIVERY_DUE_CHANNEL, '']);
  }
}
