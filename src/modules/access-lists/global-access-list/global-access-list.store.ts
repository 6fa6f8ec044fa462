import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { GlobalAccessListEntryEntity } from './global-access-list-entry.entity';

// Writes of global_access_list_entries that the repository cannot say, in the caller's transaction.
@Injectable()
export class GlobalAccessListStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Adds the entry unless its block is on the list already; answers whether it was added.
  async insertIfAbsent(entry: GlobalAccessListEntryEntity): Promise<boolean> {
    const inserted = await this.txHost.tx
      .getRepository(GlobalAccessListEntryEntity)
      .createQueryBuilder()
      .insert()
      .into(GlobalAccessListEntryEntity)
      .values(entry)
      .orIgnore()
      .updateEntity(false)
      .returning('*')
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }
}
