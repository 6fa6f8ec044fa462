import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { sortRoles, toRoleResponse, type RoleRow } from '../roles/role-assignment.mapper';
import type { UserResponse } from './dto/user.response';
import type { UserEntity } from './user.entity';

export function userPath(userId: string): string {
  return `/users/${userId}`;
}

export function toUserResponse(
  user: UserEntity,
  roles: RoleRow[],
  links: LinkResponse[],
  teamIds: string[],
): UserResponse {
  const response: UserResponse = {
    firstName: user.firstName,
    id: user.id,
    lastName: user.lastName,
    links,
    roles: sortRoles(roles).map(toRoleResponse),
    teamIds,
    username: user.username,
  };
  if (user.mobileNumber !== null) response.mobileNumber = user.mobileNumber;
  if (user.country !== null) response.country = user.country;
  return user.emailAddress !== null ? { emailAddress: user.emailAddress, ...response } : response;
}
