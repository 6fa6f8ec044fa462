import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Principal } from '../../../platform/auth/principal';
import { hasGlobalRole, hasOrgRole, hasProjectRole } from '../../../platform/auth/role-hierarchy';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { newObjectId } from '../../../platform/ids/object-id';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { OrganizationsService } from '../organizations/organizations.service';
import { RoleGrants } from '../roles/role-grants.writer';
import { visibilityOf } from '../roles/visibility';
import { UserEntity } from '../users/user.entity';
import type { CreateProjectRequest } from './dto/create-project.request';
import type { ProjectResponse } from './dto/project.response';
import { ProjectEntity } from './project.entity';
import { VisibleProjectsStore } from './visible-projects.store';
import { projectPath, tagsShownTo, toProjectResponse } from './project.mapper';
import { AgentActivity } from '../../../platform/deployments/agent-activity';

@Injectable()
export class ProjectsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly orgs: OrganizationsService,
    private readonly grants: RoleGrants,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly visibleProjects: VisibleProjectsStore,
    private readonly agentActivity: AgentActivity,
  ) {}

  // Needs ORG_GROUP_CREATOR (or a role implying it) in the target organization. A creator that would
  // otherwise not own the new project becomes its GROUP_OWNER, as a creating user does in the product.
  @Transactional()
  async create(
    principal: Principal,
    request: CreateProjectRequest,
    projectOwnerId?: string,
  ): Promise<ProjectResponse> {
    let orgId = request.orgId;
    if (orgId === undefined) {
      if (!hasGlobalRole(principal.roles, ['GLOBAL_OWNER'])) throw CommonErrors.MISSING_ATTRIBUTE('orgId');
      orgId = (await this.orgs.insert(principal, request.name)).id;
    } else {
      if (!hasOrgRole(principal.roles, orgId, ['ORG_GROUP_CREATOR'])) throw CommonErrors.USER_UNAUTHORIZED();
      // Locking the organization serializes creates in it, so the name check below cannot race.
      await this.orgs.lock(orgId);
    }
    const repository = this.txHost.tx.getRepository(ProjectEntity);
    if (await repository.existsBy({ orgId, name: request.name }))
      throw IdentityErrors.GROUP_ALREADY_EXISTS(request.name);
    const project = repository.create({
      id: newObjectId(),
      orgId,
      name: request.name,
      withDefaultAlertsSettings: request.withDefaultAlertsSettings ?? true,
      tags: [],
    });
    await repository.insert(project);

    const owner = { roleName: 'GROUP_OWNER', orgId: null, groupId: project.id };
    if (!hasProjectRole(principal.roles, project.id, orgId, ['GROUP_OWNER']))
      await this.grants.grant(principal, owner);
    if (projectOwnerId !== undefined && projectOwnerId !== principal.id) {
      const user = await this.txHost.tx.getRepository(UserEntity).findOneBy({ id: projectOwnerId });
      if (user) await this.grants.grant({ kind: 'USER', id: user.id, name: user.username }, owner);
    }
    await this.events.publish({
      eventTypeName: IdentityEventTypes.GROUP_CREATED,
      orgId,
      groupId: project.id,
      raw: { name: project.name, withDefaultAlertsSettings: project.withDefaultAlertsSettings },
    });
    return this.toResponse(project, principal, new Map());
  }

  async list(principal: Principal, page: PageQuery): Promise<ListEnvelope<ProjectResponse>> {
    return this.page(principal, page);
  }

  async listOfOrg(
    principal: Principal,
    orgId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<ProjectResponse>> {
    if (!(await this.orgs.exists(orgId))) throw CommonErrors.ORG_NOT_FOUND(orgId);
    return this.page(principal, page, orgId);
  }

  // The guard already required GROUP_READ_ONLY (or an implying role) on this project.
  async get(principal: Principal, groupId: string): Promise<ProjectResponse> {
    const project = await this.txHost.tx.getRepository(ProjectEntity).findOneBy({ id: groupId });
    if (!project) throw CommonErrors.GROUP_NOT_FOUND(groupId);
    return this.toResponse(project, principal, await this.agentActivity.lastActiveOf([project.id]));
  }

  // Names are unique per organization only: the oldest project of that name the caller may read.
  async getByName(principal: Principal, name: string): Promise<ProjectResponse> {
    const candidates = await this.txHost.tx
      .getRepository(ProjectEntity)
      .find({ where: { name }, order: { createdAt: 'ASC', id: 'ASC' } });
    const readable = candidates.find((p) =>
      hasProjectRole(principal.roles, p.id, p.orgId, ['GROUP_READ_ONLY']),
    );
    if (readable)
      return this.toResponse(readable, principal, await this.agentActivity.lastActiveOf([readable.id]));
    if (hasGlobalRole(principal.roles, ['GLOBAL_READ_ONLY'])) throw IdentityErrors.GROUP_NAME_NOT_FOUND(name);
    throw CommonErrors.NOT_IN_GROUP();
  }

  private async page(
    principal: Principal,
    page: PageQuery,
    orgId?: string,
  ): Promise<ListEnvelope<ProjectResponse>> {
    const visibility = visibilityOf(principal.roles);
    const [projects, total] = await this.visibleProjects.page(
      visibility,
      page.offset,
      page.itemsPerPage,
      orgId,
    );
    const lastActive = await this.agentActivity.lastActiveOf(projects.map((project) => project.id));
    return this.links.list(
      page,
      projects.map((project) => this.toResponse(project, principal, lastActive)),
      total,
    );
  }

  private toResponse(
    project: ProjectEntity,
    principal: Principal,
    lastActive: Map<string, Date>,
  ): ProjectResponse {
    return toProjectResponse(
      project,
      this.links.self(projectPath(project.id)),
      tagsShownTo(principal),
      lastActive.get(project.id),
    );
  }
}
