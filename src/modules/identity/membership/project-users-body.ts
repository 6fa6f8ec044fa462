import { CommonErrors } from '../../../platform/http/error-codes';

export interface ProjectUserAddition {
  id: string;
  roleNames: string[];
}

const MAX_USERS_PER_CALL = 100;

// The body of POST /groups/{groupId}/users: `[{"id": USER-ID, "roles": [{"roleName": ...}]}]`. A
// JSON array, which the class validator does not walk, so it is checked here, naming each field.
export function parseProjectUsers(body: unknown, groupId: string): ProjectUserAddition[] {
  if (!Array.isArray(body)) throw CommonErrors.INVALID_JSON_ATTRIBUTE('body');
  if (body.length === 0) throw CommonErrors.MISSING_ATTRIBUTE('[0].id');
  if (body.length > MAX_USERS_PER_CALL)
    throw CommonErrors.VALIDATION_ERROR('body', `at most ${MAX_USERS_PER_CALL} users`);
  return body.map((item: unknown, index) => {
    const at = `[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw CommonErrors.INVALID_JSON_ATTRIBUTE(at);
    const { id, roles } = item as { id?: unknown; roles?: unknown };
    if (id === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${at}.id`);
    if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))
      throw CommonErrors.INVALID_ATTRIBUTE(`${at}.id`);
    if (!Array.isArray(roles) || roles.length === 0) throw CommonErrors.MISSING_ATTRIBUTE(`${at}.roles`);
    const roleNames = roles.map((role: unknown, r) => {
      const field = `${at}.roles[${r}]`;
      if (typeof role !== 'object' || role === null) throw CommonErrors.INVALID_JSON_ATTRIBUTE(field);
      const { roleName, groupId: roleGroup } = role as { roleName?: unknown; groupId?: unknown };
      if (typeof roleName !== 'string' || roleName.length === 0)
        throw CommonErrors.MISSING_ATTRIBUTE(`${field}.roleName`);
      if (roleGroup !== undefined && roleGroup !== groupId)
        throw CommonErrors.INVALID_ATTRIBUTE(`${field}.groupId`);
      return roleName;
    });
    return { id, roleNames };
  });
}
