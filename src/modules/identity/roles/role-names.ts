import type {
  GlobalRoleName,
  OrgRoleName,
  ProjectRoleName,
} from '../../../platform/auth/require-role.decorator';

// Organization roles an API key may hold.
export const API_KEY_ORG_ROLES: readonly OrgRoleName[] = [
  'ORG_OWNER',
  'ORG_MEMBER',
  'ORG_GROUP_CREATOR',
  'ORG_READ_ONLY',
];

export const PROJECT_ROLES: readonly ProjectRoleName[] = [
  'GROUP_AUTOMATION_ADMIN',
  'GROUP_BACKUP_ADMIN',
  'GROUP_MONITORING_ADMIN',
  'GROUP_OWNER',
  'GROUP_READ_ONLY',
  'GROUP_USER_ADMIN',
  'GROUP_DATA_ACCESS_ADMIN',
  'GROUP_DATA_ACCESS_READ_ONLY',
  'GROUP_DATA_ACCESS_READ_WRITE',
];

// Global roles a global API key may hold (GET /admin/apiKeys/roles).
export const GLOBAL_ROLES: readonly GlobalRoleName[] = [
  'GLOBAL_AUTOMATION_ADMIN',
  'GLOBAL_BACKUP_ADMIN',
  'GLOBAL_MONITORING_ADMIN',
  'GLOBAL_OWNER',
  'GLOBAL_READ_ONLY',
  'GLOBAL_USER_ADMIN',
];
