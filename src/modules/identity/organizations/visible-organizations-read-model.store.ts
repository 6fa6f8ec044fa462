import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Brackets } from 'typeorm';
import type { Visibility } from '../roles/visibility';
import { OrganizationEntity } from './organization.entity';

// Read model (organizations with their projects): a page of the organizations a caller may see (optionally those whose lower-cased name matches a LIKE
// prefix), oldest first.
@Injectable()
export class VisibleOrganizationsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  page(
    visibility: Visibility,
    namePrefix: string | undefined,
    offset: number,
    limit: number,
  ): Promise<[OrganizationEntity[], number]> {
    const builder = this.txHost.tx.getRepository(OrganizationEntity).createQueryBuilder('o');
    if (!visibility.everything) {
      builder.where(
        new Brackets((visible) =>
          visible
            .where('o.id = ANY(:orgIds)', { orgIds: visibility.orgIds })
            .orWhere('o.id IN (SELECT p.org_id FROM projects p WHERE p.id = ANY(:groupIds))', {
              groupIds: visibility.groupIds,
            }),
        ),
      );
    }
    if (namePrefix !== undefined) builder.andWhere('lower(o.name) LIKE :prefix', { prefix: namePrefix });
    return builder
      .orderBy('o.createdAt', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .offset(offset)
      .limit(limit)
      .getManyAndCount();
  }
}
