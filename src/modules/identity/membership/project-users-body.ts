import { parseArrayBody } from '../../../platform/http/array-body';
import { CommonErrors } from '../../../platform/http/error-codes';
import { isObjectId } from '../../../platform/ids/object-id';

export interface ProjectUserAddition {
  id: string;
  roleNames: string[];
}

const MAX_USERS_PER_CALL = 100;

// The body of POST /groups/{groupId}/users: `[{"id": USER-ID, "roles": [{"roleName": ...}]}]`. A
// JSON array, which the class validator does not walk (parseArrayBody), so each field is checked here.
export function parseProjectUsers(body: unknown, groupId: string): ProjectUserAddition[] {
  const rules = { firstField: '[0].id', max: { count: MAX_USERS_PER_CALL, what: 'users' } };
  return parseArrayBody(body, rules, (item, at) => {
    const { id, roles } = item as { id?: unknown; roles?: unknown };
    if (id === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${at}.id`);
    if (typeof id !== 'string' || !isObjectId(id)) throw CommonErrors.INVALID_ATTRIBUTE(`${at}.id`);
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
