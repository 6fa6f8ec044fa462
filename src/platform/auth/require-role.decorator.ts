import { SetMetadata } from '@nestjs/common';

export type ProjectRoleName =
  | 'GROUP_READ_ONLY'
  | 'GROUP_OWNER'
  | 'GROUP_MONITORING_ADMIN'
  | 'GROUP_AUTOMATION_ADMIN'
  | 'GROUP_BACKUP_ADMIN'
  | 'GROUP_USER_ADMIN'
  | 'GROUP_DATA_ACCESS_ADMIN'
  | 'GROUP_DATA_ACCESS_READ_WRITE'
  | 'GROUP_DATA_ACCESS_READ_ONLY';

export type OrgRoleName = 'ORG_READ_ONLY' | 'ORG_MEMBER' | 'ORG_GROUP_CREATOR' | 'ORG_BILLING_ADMIN' | 'ORG_OWNER';

export type GlobalRoleName =
  | 'GLOBAL_READ_ONLY'
  | 'GLOBAL_OWNER'
  | 'GLOBAL_MONITORING_ADMIN'
  | 'GLOBAL_AUTOMATION_ADMIN'
  | 'GLOBAL_BACKUP_ADMIN'
  | 'GLOBAL_USER_ADMIN';

export type AccessRequirement =
  // Any of the roles on the project named by route param `param` (default `groupId`).
  | { scope: 'project'; anyOf: ProjectRoleName[]; param?: string }
  // Any of the roles on the organization named by route param `param` (default `orgId`).
  | { scope: 'org'; anyOf: OrgRoleName[]; param?: string }
  | { scope: 'global'; anyOf: GlobalRoleName[] }
  // Any authenticated caller; the service checks ownership itself (e.g. "caller must be USER-ID").
  | { scope: 'authenticated' };

export const ACCESS_REQUIREMENT = 'access-requirement';
export const PUBLIC_ROUTE = 'public-route';

export const RequireProjectRole = (...anyOf: ProjectRoleName[]) =>
  SetMetadata(ACCESS_REQUIREMENT, { scope: 'project', anyOf } satisfies AccessRequirement);

export const RequireOrgRole = (...anyOf: OrgRoleName[]) =>
  SetMetadata(ACCESS_REQUIREMENT, { scope: 'org', anyOf } satisfies AccessRequirement);

export const RequireGlobalRole = (...anyOf: GlobalRoleName[]) =>
  SetMetadata(ACCESS_REQUIREMENT, { scope: 'global', anyOf } satisfies AccessRequirement);

export const RequireAuthenticated = () =>
  SetMetadata(ACCESS_REQUIREMENT, { scope: 'authenticated' } satisfies AccessRequirement);

// No credentials at all (health, first-user bootstrap, docs).
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);
