import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Not } from 'typeorm';
import { ProjectDirectory, type Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import type { EventDiff } from '../../../platform/events/domain-event';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import type { ConnectedOrgEntity } from '../connected-orgs/connected-org.entity';
import { FederationAccess } from '../federation-access';
import { FederationErrors } from '../federation.errors';
import { FederationEventTypes } from '../federation.events';
import type { CreateRoleMappingRequest } from './dto/create-role-mapping.request';
import type { RoleMappingRequest } from './dto/role-mapping.request';
import type { RoleMappingResponse } from './dto/role-mapping.response';
import { checkRoleAssignments } from './role-assignment-rules';
import { RoleMappingEntity, type RoleAssignment } from './role-mapping.entity';
import {
  duplicateExternalGroupName,
  mappingChanged,
  planRoleMappingReplacement,
  roleMappingDiff,
} from './role-mapping-replacement';
import { toRoleMappingResponse } from './role-mapping.mapper';

// Role mappings of one connected organization (the product's role mapping). Writes hold
// the connected organization's row, which makes the per-organization externalGroupName check safe.
@Injectable()
export class RoleMappingsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly access: FederationAccess,
    private readonly projects: ProjectDirectory,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
  ) {}

  async list(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<RoleMappingResponse>> {
    await this.access.connectedOrg(principal, federationSettingsId, orgId);
    const [rows, total] = await this.repository().findAndCount({
      where: { orgId },
      order: { seq: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(page, rows.map(toRoleMappingResponse), total);
  }

  async get(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    roleMappingId: string,
  ): Promise<RoleMappingResponse> {
    await this.access.connectedOrg(principal, federationSettingsId, orgId);
    return toRoleMappingResponse(await this.find(orgId, roleMappingId));
  }

  @Transactional()
  async create(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    request: CreateRoleMappingRequest,
  ): Promise<RoleMappingResponse> {
    const config = await this.access.connectedOrg(principal, federationSettingsId, orgId, true);
    if (await this.repository().existsBy({ orgId, externalGroupName: request.externalGroupName })) {
      throw FederationErrors.ROLE_MAPPING_ALREADY_EXISTS(request.externalGroupName, orgId);
    }
    const now = this.clock.now();
    const mapping: RoleMappingEntity = {
      id: newObjectId(now),
      orgId,
      externalGroupName: request.externalGroupName,
      roleAssignments: await this.assignments(request, orgId, 'roleAssignments'),
      created: now,
      updated: now,
    };
    await this.repository().insert(mapping);
    await this.publish(FederationEventTypes.ROLE_MAPPING_CREATED, config, mapping, [
      roleMappingDiff(undefined, mapping),
    ]);
    return toRoleMappingResponse(mapping);
  }

  @Transactional()
  async update(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    roleMappingId: string,
    request: RoleMappingRequest,
  ): Promise<RoleMappingResponse> {
    const config = await this.access.connectedOrg(principal, federationSettingsId, orgId, true);
    const mapping = await this.find(orgId, roleMappingId);
    // The id is the mapping's own, as GET prints it (null and absent alike).
    if (request.id != null && request.id !== roleMappingId) throw CommonErrors.ATTRIBUTE_READ_ONLY('id');
    const taken = await this.repository().existsBy({
      orgId,
      externalGroupName: request.externalGroupName,
      id: Not(roleMappingId),
    });
    if (taken) throw FederationErrors.ROLE_MAPPING_ALREADY_EXISTS(request.externalGroupName, orgId);
    const before = { ...mapping };
    mapping.externalGroupName = request.externalGroupName;
    mapping.roleAssignments = await this.assignments(request, orgId, 'roleAssignments');
    mapping.updated = this.clock.now();
    await this.repository().save(mapping);
    await this.publish(FederationEventTypes.ROLE_MAPPING_UPDATED, config, mapping, [
      roleMappingDiff(before, mapping),
    ]);
    return toRoleMappingResponse(mapping);
  }

  @Transactional()
  async delete(
    principal: Principal,
    federationSettingsId: string,
    orgId: string,
    roleMappingId: string,
  ): Promise<void> {
    const config = await this.access.connectedOrg(principal, federationSettingsId, orgId, true);
    const mapping = await this.find(orgId, roleMappingId);
    await this.repository().delete({ id: mapping.id });
    await this.publish(FederationEventTypes.ROLE_MAPPING_DELETED, config, mapping, [
      roleMappingDiff(mapping, undefined),
    ]);
  }

  // The roleMappings of PATCH /federationSettings/{id}/connectedOrgConfigs/{orgId}: the given list replaces
  // the organization's mappings, inside the caller's transaction (which holds the connected
  // organization's row). Which mapping an item keeps: matchExistingMappings; each creation, change and
  // removal is audited.
  async replaceAll(config: ConnectedOrgEntity, items: readonly RoleMappingRequest[]): Promise<void> {
    const duplicate = duplicateExternalGroupName(items);
    if (duplicate !== undefined) throw FederationErrors.DUPLICATE_EXTERNAL_GROUP_NAMES_IN_INPUT(duplicate);
    const current = await this.repository().find({
      where: { orgId: config.orgId },
      order: { seq: 'ASC' },
    });
    const roleAssignments: RoleAssignment[][] = [];
    for (const [index, item] of items.entries()) {
      roleAssignments.push(
        await this.assignments(item, config.orgId, `roleMappings[${index}].roleAssignments`),
      );
    }
    const now = this.clock.now();
    const { removed, next } = planRoleMappingReplacement(current, items, roleAssignments, {
      orgId: config.orgId,
      now,
      newId: () => newObjectId(now),
    });
    // Rewritten as a whole so that swapped names never collide with the unique index midway.
    await this.repository().delete({ orgId: config.orgId });
    if (next.length > 0) await this.repository().insert(next.map(({ after }) => after));
    for (const mapping of removed) {
      await this.publish(FederationEventTypes.ROLE_MAPPING_DELETED, config, mapping, [
        roleMappingDiff(mapping, undefined),
      ]);
    }
    for (const { before, after } of next) {
      if (!before) {
        await this.publish(FederationEventTypes.ROLE_MAPPING_CREATED, config, after, [
          roleMappingDiff(undefined, after),
        ]);
      } else if (mappingChanged(before, after.externalGroupName, after.roleAssignments)) {
        await this.publish(FederationEventTypes.ROLE_MAPPING_UPDATED, config, after, [
          roleMappingDiff(before, after),
        ]);
      }
    }
  }

  private assignments(request: CreateRoleMappingRequest, orgId: string, field: string) {
    return checkRoleAssignments(request.roleAssignments, orgId, field, (groupId) =>
      this.projects.orgOf(groupId),
    );
  }

  private async find(orgId: string, roleMappingId: string): Promise<RoleMappingEntity> {
    const mapping = isObjectId(roleMappingId)
      ? await this.repository().findOneBy({ id: roleMappingId, orgId })
      : null;
    if (!mapping) throw FederationErrors.ROLE_MAPPING_NOT_FOUND(roleMappingId, orgId);
    return mapping;
  }

  private async publish(
    eventTypeName: string,
    config: ConnectedOrgEntity,
    mapping: RoleMappingEntity,
    diffs: EventDiff[],
  ): Promise<void> {
    await this.events.publish({
      eventTypeName,
      orgId: config.orgId,
      diffs,
      raw: {
        federationSettingsId: config.federationSettingsId,
        roleMappingId: mapping.id,
        externalGroupName: mapping.externalGroupName,
      },
    });
  }

  private repository() {
    return this.txHost.tx.getRepository(RoleMappingEntity);
  }
}
