import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Brackets } from 'typeorm';
import type { Visibility } from '../roles/visibility';
import { ProjectEntity } from './project.entity';

// A page of the projects a caller may see (optionally of one organization), oldest first.
@Injectable()
export class VisibleProjectsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  page(
    visibility: Visibility,
    offset: number,
    limit: number,
    orgId?: string,
  ): Promise<[ProjectEntity[], number]> {
    const builder = this.txHost.tx.getRepository(ProjectEntity).createQueryBuilder('p');
    if (orgId !== undefined) builder.where('p.orgId = :orgId', { orgId });
    if (!visibility.everything) {
      builder.andWhere(
        new Brackets((visible) =>
          visible
            .where('p.orgId = ANY(:allOfOrgIds)', { allOfOrgIds: visibility.allProjectsOfOrgIds })
            .orWhere('p.id = ANY(:groupIds)', { groupIds: visibility.groupIds }),
        ),
      );
    }
    return builder
      .orderBy('p.createdAt', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .offset(offset)
      .limit(limit)
      .getManyAndCount();
  }
}
