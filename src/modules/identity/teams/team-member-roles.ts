import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal, RoleAssignment } from '../../../platform/auth/principal';
import { diffRoles, mayGrant, RoleGrantErrors } from '../../../platform/auth/role-grants';
import { UserEntity } from '../users/user.entity';
import { TeamProjectRoleEntity } from './team-project-role.entity';
import { TeamUserEntity } from './team-user.entity';
import type { TeamEntity } from './team.entity';

// A team's project roles are its members' roles, so every change to a team's roles or members is a
// change of roles: it obeys the grant rule (the caller must be able to grant each role that comes or
// goes) and nobody changes their own roles through a team they belong to, even to fewer, as with
// direct roles. Members' cached credentials are dropped in the same transaction.
@Injectable()
export class TeamMemberRoles {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly credentialChanges: CredentialChanges,
  ) {}

  async rolesOf(teamId: string): Promise<RoleAssignment[]> {
    const rows = await this.txHost.tx
      .getRepository(TeamProjectRoleEntity)
      .find({ where: { teamId }, order: { groupId: 'ASC', roleName: 'ASC' } });
    return rows.map((row) => ({ roleName: row.roleName, groupId: row.groupId }));
  }

  async memberIds(teamId: string): Promise<string[]> {
    const rows = await this.txHost.tx.getRepository(TeamUserEntity).findBy({ teamId });
    return rows.map((row) => row.userId);
  }

  // Refuses (before anything is written) a change of `memberIds`' roles from `before` to `after`.
  assertMayChange(
    principal: Principal,
    team: TeamEntity,
    memberIds: string[],
    before: RoleAssignment[],
    after: RoleAssignment[],
  ): void {
    const { added, removed } = diffRoles(before, after);
    for (const role of [...added, ...removed]) {
      const groupId = role.groupId ?? '';
      if (!mayGrant(principal, role.roleName, { kind: 'project', groupId, orgId: team.orgId }))
        throw RoleGrantErrors.NOT_GROUP_USER_ADMIN(role.roleName, groupId);
    }
    const changes = added.length + removed.length > 0;
    if (changes && principal.kind === 'USER' && memberIds.includes(principal.id))
      throw RoleGrantErrors.CANNOT_MODIFY_OWN_ROLES();
  }

  // The members' next request reads their roles afresh: at once on this instance, on the others once the
  // notification of the commit reaches them.
  async announce(memberIds: string[]): Promise<void> {
    if (memberIds.length === 0) return;
    const users = await this.txHost.tx.getRepository(UserEntity).findBy({ id: In(memberIds) });
    for (const user of users) await this.credentialChanges.announce(user.username);
  }
}
