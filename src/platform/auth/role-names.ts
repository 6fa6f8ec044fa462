// The product's role names, listed once: the role guard, the DTOs that accept roles (API keys,
// federation role mappings, alert notifications) and the authorization tests all read these lists.
// The order is the order the OpenAPI document shows.

export const ORG_ROLE_NAMES = [
  'ORG_OWNER',
  'ORG_MEMBER',
  'ORG_GROUP_CREATOR',
  'ORG_READ_ONLY',
  'ORG_BILLING_ADMIN',
] as const;
export type OrgRoleName = (typeof ORG_ROLE_NAMES)[number];

// Organization roles an API key may hold: every organization role but the billing one.
export const API_KEY_ORG_ROLE_NAMES: readonly OrgRoleName[] = ORG_ROLE_NAMES.filter(
  (role) => role !== 'ORG_BILLING_ADMIN',
);

export const PROJECT_ROLE_NAMES = [
  'GROUP_AUTOMATION_ADMIN',
  'GROUP_BACKUP_ADMIN',
  'GROUP_MONITORING_ADMIN',
  'GROUP_OWNER',
  'GROUP_READ_ONLY',
  'GROUP_USER_ADMIN',
  'GROUP_DATA_ACCESS_ADMIN',
  'GROUP_DATA_ACCESS_READ_ONLY',
  'GROUP_DATA_ACCESS_READ_WRITE',
] as const;
export type ProjectRoleName = (typeof PROJECT_ROLE_NAMES)[number];

export const GLOBAL_ROLE_NAMES = [
  'GLOBAL_OWNER',
  'GLOBAL_READ_ONLY',
  'GLOBAL_MONITORING_ADMIN',
  'GLOBAL_AUTOMATION_ADMIN',
  'GLOBAL_BACKUP_ADMIN',
  'GLOBAL_USER_ADMIN',
] as const;
export type GlobalRoleName = (typeof GLOBAL_ROLE_NAMES)[number];

export const isOrgRoleName = (role: string): role is OrgRoleName =>
  (ORG_ROLE_NAMES as readonly string[]).includes(role);
