import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { roleKind } from '../../../platform/auth/role-grants';
import { CommonErrors } from '../../../platform/http/error-codes';
import { IdentityErrors } from '../identity.errors';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../projects/project.entity';
import type { RoleRequest } from './dto/role.request';
import type { RoleRow } from './role-assignment.mapper';

// Turns requested roles into role rows: a known name, the id its kind needs and no other, on an
// organization or project that exists. Each refusal names the offending field (`roles[1].groupId`).
@Injectable()
export class RequestedRoles {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async resolve(requests: RoleRequest[], field = 'roles'): Promise<RoleRow[]> {
    const rows: RoleRow[] = requests.map((request, index) => {
      const at = `${field}[${index}]`;
      // roleName: null reaches here as absent (the validation pipe drops explicit nulls).
      if (request.roleName === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${at}.roleName`);
      const kind = roleKind(request.roleName);
      if (kind === undefined) throw CommonErrors.INVALID_ENUM_VALUE(request.roleName, `${at}.roleName`);
      const { orgId, groupId, roleName } = request;
      if (kind === 'project') {
        if (groupId === undefined) throw IdentityErrors.ROLE_NEEDS_GROUP_ID(roleName, at);
        if (orgId !== undefined) throw IdentityErrors.ROLE_NEEDS_NO_ORG_ID(roleName, at);
      } else {
        if (groupId !== undefined) throw IdentityErrors.ROLE_NEEDS_NO_GROUP_ID(roleName, at);
        if (kind === 'org' && orgId === undefined) throw IdentityErrors.ROLE_NEEDS_ORG_ID(roleName, at);
        if (kind === 'global' && orgId !== undefined) throw IdentityErrors.ROLE_NEEDS_NO_ORG_ID(roleName, at);
      }
      return { roleName, orgId: orgId ?? null, groupId: groupId ?? null };
    });
    await this.assertScopesExist(rows, field);
    return rows;
  }

  private async assertScopesExist(rows: RoleRow[], field: string): Promise<void> {
    const orgIds = [...new Set(rows.flatMap((row) => (row.orgId !== null ? [row.orgId] : [])))];
    const groupIds = [...new Set(rows.flatMap((row) => (row.groupId !== null ? [row.groupId] : [])))];
    const orgs = new Set(
      orgIds.length === 0
        ? []
        : (await this.txHost.tx.getRepository(OrganizationEntity).findBy({ id: In(orgIds) })).map(
            (o) => o.id,
          ),
    );
    const projects = new Set(
      groupIds.length === 0
        ? []
        : (await this.txHost.tx.getRepository(ProjectEntity).findBy({ id: In(groupIds) })).map((p) => p.id),
    );
    rows.forEach((row, index) => {
      if (row.orgId !== null && !orgs.has(row.orgId))
        throw CommonErrors.INVALID_ATTRIBUTE(`${field}[${index}].orgId`);
      if (row.groupId !== null && !projects.has(row.groupId))
        throw CommonErrors.INVALID_ATTRIBUTE(`${field}[${index}].groupId`);
    });
  }
}
