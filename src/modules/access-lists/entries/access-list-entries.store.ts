import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { AccessListEntryEntity, ListOwnerKind } from './access-list-entry.entity';
import type { EntryInput } from './entry-input';

export interface ListOwner {
  kind: ListOwnerKind;
  id: string;
}

// Storage of both kinds of list, shared by the API key and user services. Everything runs in the
// caller's transaction when there is one.
@Injectable()
export class AccessListEntries {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get repository() {
    return this.txHost.tx.getRepository(AccessListEntryEntity);
  }

  page(owner: ListOwner, page: PageQuery): Promise<[AccessListEntryEntity[], number]> {
    return this.repository.findAndCount({
      where: { ownerKind: owner.kind, ownerId: owner.id },
      order: { id: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
  }

  all(owner: ListOwner): Promise<AccessListEntryEntity[]> {
    return this.repository.find({
      where: { ownerKind: owner.kind, ownerId: owner.id },
      order: { id: 'ASC' },
    });
  }

  find(owner: ListOwner, cidrBlock: string): Promise<AccessListEntryEntity | null> {
    return this.repository.findOneBy({ ownerKind: owner.kind, ownerId: owner.id, cidrBlock });
  }

  // Adds the blocks not on the list yet (others are left as they are) and returns those added,
  // in request order. ON CONFLICT keeps two concurrent adds of one block from failing.
  async addMissing(owner: ListOwner, inputs: EntryInput[]): Promise<EntryInput[]> {
    if (inputs.length === 0) return [];
    const result = await this.repository
      .createQueryBuilder()
      .insert()
      .into(AccessListEntryEntity)
      .values(inputs.map((input) => ({ ownerKind: owner.kind, ownerId: owner.id, ...input })))
      .orIgnore()
      .updateEntity(false)
      .returning('"cidr_block"')
      .execute();
    const added = new Set((result.raw as Array<{ cidr_block: string }>).map((row) => row.cidr_block));
    return inputs.filter((input) => added.has(input.cidrBlock));
  }

  async remove(entry: AccessListEntryEntity): Promise<void> {
    await this.repository.delete({ id: entry.id });
  }

  async removeAll(owner: ListOwner): Promise<void> {
    await this.repository.delete({ ownerKind: owner.kind, ownerId: owner.id });
  }
}
