import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { hasGlobalRole } from '../../../platform/auth/role-hierarchy';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { likeLiteral } from '../../../platform/database/like-pattern';
import { newObjectId } from '../../../platform/ids/object-id';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { visibilityOf } from '../roles/visibility';
import { UserRoleEntity } from '../users/user-role.entity';
import type { CreateOrganizationRequest } from './dto/create-organization.request';
import type { ListOrganizationsQuery } from './dto/list-organizations.query';
import type { OrganizationResponse } from './dto/organization.response';
import { OrganizationEntity } from './organization.entity';
import { VisibleOrganizationsStore } from './visible-organizations-read-model.store';
import { orgPath, toOrganizationResponse } from './organization.mapper';

function likePrefix(value: string): string {
  return `${likeLiteral(value.toLowerCase())}%`;
}

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
    private readonly visibleOrgs: VisibleOrganizationsStore,
  ) {}

  // Global owners only; an organization API key gets the product's own refusal.
  @Transactional()
  async create(principal: Principal, request: CreateOrganizationRequest): Promise<OrganizationResponse> {
    if (principal.kind === 'API_KEY' && principal.orgId !== undefined)
      throw IdentityErrors.API_KEY_CANNOT_CREATE_ORG();
    if (!hasGlobalRole(principal.roles, ['GLOBAL_OWNER'])) throw CommonErrors.USER_UNAUTHORIZED();
    const org = await this.insert(principal, request.name);
    return toOrganizationResponse(org, this.links.self(orgPath(org.id)));
  }

  // Inside the caller's transaction. A user who creates an organization becomes its owner, as in the product.
  async insert(principal: Principal, name: string): Promise<OrganizationEntity> {
    const org = await this.txHost.tx.getRepository(OrganizationEntity).save({ id: newObjectId(), name });
    if (principal.kind === 'USER') {
      await this.txHost.tx
        .getRepository(UserRoleEntity)
        .save({ userId: principal.id, roleName: 'ORG_OWNER', orgId: org.id, groupId: null });
      await this.credentialChanges.announce(principal.name);
    }
    await this.events.publish({
      eventTypeName: IdentityEventTypes.ORG_CREATED,
      orgId: org.id,
      raw: { name: org.name },
    });
    return org;
  }

  async list(
    principal: Principal,
    query: ListOrganizationsQuery,
  ): Promise<ListEnvelope<OrganizationResponse>> {
    const visibility = visibilityOf(principal.roles);
    const prefix = query.name === undefined ? undefined : likePrefix(query.name);
    const [orgs, total] = await this.visibleOrgs.page(visibility, prefix, query.offset, query.itemsPerPage);
    const results = orgs.map((org) => toOrganizationResponse(org, this.links.self(orgPath(org.id))));
    return this.links.list(query, results, total);
  }

  // The guard already required a role in the organization (or a global role).
  async get(orgId: string): Promise<OrganizationResponse> {
    const org = await this.txHost.tx.getRepository(OrganizationEntity).findOneBy({ id: orgId });
    if (!org) throw CommonErrors.ORG_NOT_FOUND(orgId);
    return toOrganizationResponse(org, this.links.self(orgPath(org.id)));
  }

  // Inside the caller's transaction: holds the organization row until commit.
  async lock(orgId: string): Promise<void> {
    const org = await this.txHost.tx
      .getRepository(OrganizationEntity)
      .findOne({ where: { id: orgId }, lock: { mode: 'pessimistic_write' } });
    if (!org) throw CommonErrors.ORG_NOT_FOUND(orgId);
  }

  async exists(orgId: string): Promise<boolean> {
    return this.txHost.tx.getRepository(OrganizationEntity).existsBy({ id: orgId });
  }
}
