import { PROJECT_ROLE_NAMES } from '../../../platform/auth/role-grants';
import { parseArrayBody, plainObject } from '../../../platform/http/array-body';
import { CommonErrors } from '../../../platform/http/error-codes';
import { isObjectId } from '../../../platform/ids/object-id';
import { MAX_USERS_PER_CALL } from './dto/create-team.request';

export interface TeamAssignment {
  teamId: string;
  roleNames: string[];
}

const MAX_TEAMS_PER_CALL = 100;

// The class validator does not walk array bodies, so each field is checked and named here.

// POST /orgs/{orgId}/teams/{teamId}/users: `[{"id": USER-ID}]`.
export function parseTeamUsers(body: unknown): string[] {
  const rules = { firstField: '[0].id', max: { count: MAX_USERS_PER_CALL, what: 'users' } };
  return parseArrayBody(body, rules, (item, at) => {
    const { id } = item as { id?: unknown };
    if (id === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${at}.id`);
    if (typeof id !== 'string' || !isObjectId(id)) throw CommonErrors.INVALID_ATTRIBUTE(`${at}.id`);
    return id;
  });
}

// POST /groups/{groupId}/teams: `[{"teamId": TEAM-ID, "roleNames": [...]}]`.
export function parseProjectTeams(body: unknown): TeamAssignment[] {
  const rules = { firstField: '[0].teamId', max: { count: MAX_TEAMS_PER_CALL, what: 'teams' } };
  return parseArrayBody(body, rules, (item, at) => {
    const { teamId, roleNames } = item as { teamId?: unknown; roleNames?: unknown };
    if (teamId === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${at}.teamId`);
    if (typeof teamId !== 'string' || !isObjectId(teamId))
      throw CommonErrors.INVALID_ATTRIBUTE(`${at}.teamId`);
    return { teamId, roleNames: projectRoleNames(roleNames, `${at}.roleNames`) };
  });
}

// PATCH /groups/{groupId}/teams/{teamId}: `{"roleNames": [...]}`.
export function parseTeamRoleNames(body: unknown): string[] {
  const { roleNames } = plainObject(body, 'body') as { roleNames?: unknown };
  return projectRoleNames(roleNames, 'roleNames');
}

// A team holds project roles only, at least one, each once.
function projectRoleNames(value: unknown, field: string): string[] {
  if (value === undefined || (Array.isArray(value) && value.length === 0))
    throw CommonErrors.MISSING_ATTRIBUTE(field);
  if (!Array.isArray(value)) throw CommonErrors.INVALID_JSON_ATTRIBUTE(field);
  value.forEach((roleName: unknown, r) => {
    if (typeof roleName !== 'string') throw CommonErrors.INVALID_JSON_ATTRIBUTE(`${field}[${r}]`);
    if (!(PROJECT_ROLE_NAMES as readonly string[]).includes(roleName))
      throw CommonErrors.INVALID_ENUM_VALUE(roleName, `${field}[${r}]`);
  });
  return [...new Set(value as string[])].sort();
}
