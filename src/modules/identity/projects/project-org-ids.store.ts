import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectEntity } from './project.entity';

// The organizations of some projects, in the caller's transaction.
@Injectable()
export class ProjectOrgIdsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async orgIdsOf(groupIds: string[]): Promise<string[]> {
    const projects = await this.txHost.tx
      .getRepository(ProjectEntity)
      .createQueryBuilder('p')
      .select('p.orgId', 'orgId')
      .where('p.id IN (:...groupIds)', { groupIds })
      .getRawMany<{ orgId: string }>();
    return projects.map((project) => project.orgId);
  }
}
