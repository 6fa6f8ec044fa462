import { SetMetadata } from '@nestjs/common';
import type { GlobalRoleName, OrgRoleName, ProjectRoleName } from './role-names';

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
