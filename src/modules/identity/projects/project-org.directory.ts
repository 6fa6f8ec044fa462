import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { OrganizationEntity } from '../organizations/organization.entity';
import { notifyProjectRemoved } from './project-notice.writer';
import { ProjectEntity } from './project.entity';

const MAX_CACHED = 100_000;
const ORG_PREFIX = 'org:';

// The role guard asks this on every project route. A project never changes organization, so a found
// answer is kept until the project is deleted: the deleting transaction notifies every instance
// (PROJECTS_CHANNEL, delivered at commit, this instance included), which forgets it. A deleted
// organization is announced on the same channel as `org:<id>`. Unknown ids are not cached.
@Injectable()
export class ProjectOrgDirectory extends ProjectDirectory {
  private readonly orgByProject = new Map<string, string>();
  private readonly knownOrgs = new Set<string>();
  // Bumped by every forget: an answer read before a deletion was announced is not cached after it.
  private epoch = 0;

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  async orgOf(groupId: string): Promise<string | null> {
    const cached = this.orgByProject.get(groupId);
    if (cached !== undefined) return cached;
    const epochAtStart = this.epoch;
    const project = await this.txHost.tx
      .getRepository(ProjectEntity)
      .findOne({ select: { id: true, orgId: true }, where: { id: groupId } });
    if (!project) return null;
    if (this.epoch === epochAtStart) {
      if (this.orgByProject.size >= MAX_CACHED) this.orgByProject.clear();
      this.orgByProject.set(groupId, project.orgId);
    }
    return project.orgId;
  }

  // A found id is remembered until the organization's deletion is announced.
  async orgExists(orgId: string): Promise<boolean> {
    if (this.knownOrgs.has(orgId)) return true;
    const found = await this.txHost.tx.getRepository(OrganizationEntity).exists({ where: { id: orgId } });
    if (found) {
      if (this.knownOrgs.size >= MAX_CACHED) this.knownOrgs.clear();
      this.knownOrgs.add(orgId);
    }
    return found;
  }

  forget(id?: string): void {
    this.epoch++;
    if (id === undefined) {
      this.orgByProject.clear();
      this.knownOrgs.clear();
    } else if (id.startsWith(ORG_PREFIX)) this.knownOrgs.delete(id.slice(ORG_PREFIX.length));
    else this.orgByProject.delete(id);
  }

  async announceOrgRemoved(orgId: string): Promise<void> {
    await notifyProjectRemoved(this.txHost.tx, `${ORG_PREFIX}${orgId}`);
    this.forget(`${ORG_PREFIX}${orgId}`);
  }

  // Inside the deleting transaction: every instance forgets the project when it commits; this one
  // also at once, so the caller's next request never finds it cached.
  async announceRemoved(groupId: string): Promise<void> {
    await notifyProjectRemoved(this.txHost.tx, groupId);
    this.forget(groupId);
  }
}
