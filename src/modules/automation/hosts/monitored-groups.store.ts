import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// The projects that have monitored hosts, for engines that walk every deployment.
@Injectable()
export class MonitoredGroupsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async groupIds(): Promise<string[]> {
    const rows = await this.txHost.tx.query<Array<{ group_id: string }>>(
      'SELECT DISTINCT group_id FROM hosts WHERE monitored ORDER BY group_id',
    );
    return rows.map((row) => row.group_id);
  }
}
