import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, Not } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal, RoleAssignment } from '../../../platform/auth/principal';
import { assertMayChangeRoles, diffRoles, mayGrant, scopeOf } from '../../../platform/auth/role-grants';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { ApiKeyRoleEntity } from '../api-keys/api-key-role.entity';
import { IdentityErrors } from '../identity.errors';
import { IdentityEventTypes } from '../identity.events';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../projects/project.entity';
import { UserRoleEntity } from '../users/user-role.entity';
import type { UserEntity } from '../users/user.entity';
import { GlobalOwnersStore } from './global-owners.store';
import { toRoleAssignment, type RoleRow } from './role-assignment.mapper';
import { lockGlobalOwners } from '../identity.locks';

const rowKey = (row: RoleRow): string => `${row.groupId ?? ''}|${row.orgId ?? ''}|${row.roleName}`;

// The one path by which a user's roles change: the grant rule, the last-owner rule, the write, the
// credential cache invalidation and the audit events, all in the caller's transaction.
@Injectable()
export class UserRoleChanges {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly credentialChanges: CredentialChanges,
    private readonly events: EventPublisher,
    private readonly globalOwners: GlobalOwnersStore,
  ) {}

  async rolesOf(userId: string): Promise<UserRoleEntity[]> {
    return this.txHost.tx.getRepository(UserRoleEntity).find({ where: { userId }, order: { id: 'ASC' } });
  }

  async orgsOfGroups(groupIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(groupIds)];
    if (unique.length === 0) return new Map();
    const projects = await this.txHost.tx.getRepository(ProjectEntity).findBy({ id: In(unique) });
    return new Map(projects.map((project) => [project.id, project.orgId]));
  }

  // `requested` replaces the roles the grantor may grant; the user's other roles stay as they are.
  async replaceWithinReach(grantor: Principal, user: UserEntity, requested: RoleRow[]): Promise<RoleRow[]> {
    const before = await this.rolesOf(user.id);
    const orgOf = await this.orgsOfGroups(
      [...before, ...requested].flatMap((r) => (r.groupId ? [r.groupId] : [])),
    );
    const outOfReach = before.filter(
      (row) =>
        !mayGrant(
          grantor,
          row.roleName,
          scopeOf(toRoleAssignment(row), (g) => orgOf.get(g) ?? null),
        ),
    );
    return this.apply(grantor, user, [...outOfReach, ...requested]);
  }

  // Sets the user's roles to exactly `after`; refuses (nothing written) what the grantor may not do.
  async apply(grantor: Principal, user: UserEntity, after: RoleRow[]): Promise<RoleRow[]> {
    const before = await this.rolesOf(user.id);
    const target = [...new Map(after.map((row) => [rowKey(row), row])).values()];
    const orgOf = await this.orgsOfGroups(
      [...before, ...target].flatMap((r) => (r.groupId ? [r.groupId] : [])),
    );
    const lookup = (groupId: string) => orgOf.get(groupId) ?? null;
    assertMayChangeRoles(
      grantor,
      { kind: 'USER', id: user.id },
      before.map(toRoleAssignment),
      target.map(toRoleAssignment),
      lookup,
    );
    return this.write(user, before, target, lookup);
  }

  // Federated sign-in: within the organizations the identity provider manages (and their projects), the
  // user's roles become exactly `granted` (what the connected organizations grant and the role mappings
  // of the user's groups give); roles elsewhere stay. No grantor: the federation's administrators set
  // these roles when they configured it, and the identity provider vouches for the groups.
  async applyFederated(
    user: UserEntity,
    managedOrgIds: readonly string[],
    granted: RoleRow[],
  ): Promise<RoleRow[]> {
    const managed = new Set(managedOrgIds);
    const before = await this.rolesOf(user.id);
    const orgOf = await this.orgsOfGroups(
      [...before, ...granted].flatMap((r) => (r.groupId ? [r.groupId] : [])),
    );
    const lookup = (groupId: string) => orgOf.get(groupId) ?? null;
    const inManaged = (row: RoleRow): boolean =>
      row.groupId !== null
        ? managed.has(lookup(row.groupId) ?? '')
        : row.orgId !== null && managed.has(row.orgId);
    const after = [...before.filter((row) => !inManaged(row)), ...granted.filter(inManaged)];
    const target = [...new Map(after.map((row) => [rowKey(row), row])).values()];
    return this.write(user, before, target, lookup);
  }

  private async write(
    user: UserEntity,
    before: UserRoleEntity[],
    target: RoleRow[],
    lookup: (groupId: string) => string | null,
  ): Promise<RoleRow[]> {
    const repository = this.txHost.tx.getRepository(UserRoleEntity);
    const { added, removed } = diffRoles(before.map(toRoleAssignment), target.map(toRoleAssignment));
    if (added.length === 0 && removed.length === 0) return before;
    await this.assertOwnersRemain(user.id, removed);

    const removedKeys = new Set(removed.map((role) => rowKey(toRow(role))));
    const doomed = before.filter((row) => removedKeys.has(rowKey(row)));
    if (doomed.length > 0) await repository.delete({ id: In(doomed.map((row) => row.id)) });
    if (added.length > 0) await repository.insert(added.map((role) => ({ userId: user.id, ...toRow(role) })));
    await this.credentialChanges.announce(user.username);
    await this.publishChanges(user, before, target, lookup);
    return this.rolesOf(user.id);
  }

  // The last ORG_OWNER of an organization (user or API key) and the last GLOBAL_OWNER user stay.
  private async assertOwnersRemain(userId: string, removed: RoleAssignment[]): Promise<void> {
    const users = this.txHost.tx.getRepository(UserRoleEntity);
    for (const role of removed) {
      if (role.roleName === 'ORG_OWNER' && role.orgId !== undefined) {
        await this.txHost.tx
          .getRepository(OrganizationEntity)
          .findOne({ where: { id: role.orgId }, lock: { mode: 'pessimistic_write' } });
        const others =
          (await users.countBy({ orgId: role.orgId, roleName: 'ORG_OWNER', userId: Not(userId) })) +
          (await this.txHost.tx
            .getRepository(ApiKeyRoleEntity)
            .countBy({ orgId: role.orgId, roleName: 'ORG_OWNER' }));
        if (others === 0) throw IdentityErrors.CANNOT_REMOVE_LAST_ORG_OWNER(role.orgId);
      }
      if (role.roleName === 'GLOBAL_OWNER' && role.orgId === undefined && role.groupId === undefined) {
        await lockGlobalOwners(this.txHost.tx);
        const others = await this.globalOwners.countOthers(userId);
        if (others === 0) throw IdentityErrors.CANNOT_REMOVE_LAST_GLOBAL_OWNER();
      }
    }
  }

  // JOINED_* when the user gains its first role in an organization or project, REMOVED_FROM_* when
  // it loses its last, USER_ROLES_CHANGED_AUDIT when its roles there change otherwise.
  private async publishChanges(
    user: UserEntity,
    before: RoleRow[],
    after: RoleRow[],
    orgOf: (groupId: string) => string | null,
  ): Promise<void> {
    const scopes = new Set([...before, ...after].map(scopeKey));
    for (const scope of scopes) {
      const had = before
        .filter((row) => scopeKey(row) === scope)
        .map((row) => row.roleName)
        .sort();
      const has = after
        .filter((row) => scopeKey(row) === scope)
        .map((row) => row.roleName)
        .sort();
      if (had.join() === has.join()) continue;
      const [kind, id] = scope.split(':') as ['global' | 'org' | 'group', string];
      const where =
        kind === 'group'
          ? { groupId: id, orgId: orgOf(id) ?? undefined }
          : kind === 'org'
            ? { orgId: id }
            : {};
      const joined = had.length === 0;
      const left = has.length === 0;
      const eventTypeName =
        kind === 'global' || (!joined && !left)
          ? IdentityEventTypes.USER_ROLES_CHANGED_AUDIT
          : kind === 'group'
            ? joined
              ? IdentityEventTypes.JOINED_GROUP
              : IdentityEventTypes.REMOVED_FROM_GROUP
            : joined
              ? IdentityEventTypes.JOINED_ORG
              : IdentityEventTypes.REMOVED_FROM_ORG;
      await this.events.publish({
        eventTypeName,
        ...where,
        subject: { targetUsername: user.username },
        raw: { targetUserId: user.id, rolesBefore: had, rolesAfter: has },
      });
    }
  }
}

function scopeKey(row: RoleRow): string {
  if (row.groupId !== null) return `group:${row.groupId}`;
  if (row.orgId !== null) return `org:${row.orgId}`;
  return 'global:';
}

function toRow(role: RoleAssignment): RoleRow {
  return { roleName: role.roleName, orgId: role.orgId ?? null, groupId: role.groupId ?? null };
}
