import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectEntity } from './project.entity';

// Read surface for other contexts that label what they publish with the project's name (the Prometheus
// discovery's group_name). Read when asked: a renamed project is shown by its new name.
@Injectable()
export class ProjectNames {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // null when the project does not exist.
  async nameOf(groupId: string): Promise<string | null> {
    const project = await this.txHost.tx
      .getRepository(ProjectEntity)
      .findOne({ select: { id: true, name: true }, where: { id: groupId } });
    return project?.name ?? null;
  }
}
