import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// Everything the deliveries context holds for one project: its queue rows with their attempts, and
// the notification schedules of its alerts. One statement each, whatever their number.
@Injectable()
export class ProjectDeliveriesStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async removeAll(groupId: string): Promise<void> {
    const tx = this.txHost.tx;
    await tx.query(
      `DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM deliveries WHERE group_id = $1)`,
      [groupId],
    );
    await tx.query(`DELETE FROM deliveries WHERE group_id = $1`, [groupId]);
    await tx.query(`DELETE FROM notification_schedules WHERE group_id = $1`, [groupId]);
  }
}
