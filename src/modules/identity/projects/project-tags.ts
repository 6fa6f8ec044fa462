import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectEntity } from './project.entity';

export interface TaggedProject {
  id: string;
  tags: string[];
}

// Read surface for the alerting context's global configurations, which apply to every project, to
// the projects they name, or to those carrying their tags. Read in the caller's transaction.
@Injectable()
export class ProjectTags {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // null when the project does not exist.
  async tagsOf(groupId: string): Promise<string[] | null> {
    const project = await this.txHost.tx
      .getRepository(ProjectEntity)
      .findOne({ select: { id: true, tags: true }, where: { id: groupId } });
    return project ? project.tags : null;
  }

  // Every project, in id order (the order locks on their deployments are taken in).
  async all(): Promise<TaggedProject[]> {
    const projects = await this.txHost.tx
      .getRepository(ProjectEntity)
      .find({ select: { id: true, tags: true }, order: { id: 'ASC' } });
    return projects.map((project) => ({ id: project.id, tags: project.tags }));
  }
}
