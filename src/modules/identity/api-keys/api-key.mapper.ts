import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { maskPrivateKey } from '../credentials/secrets';
import { sortRoles, toRoleResponse, type RoleRow } from '../roles/role-assignment.mapper';
import type { ApiKeyEntity } from './api-key.entity';
import type { ApiKeyResponse } from './dto/api-key.response';

// The self link: an organization key under its organization, a global key (no organization) under
// the product's global key resource, so that following the link always reaches the key.
export function apiKeyPath(key: Pick<ApiKeyEntity, 'id' | 'orgId'>): string {
  return key.orgId === null ? `/admin/apiKeys/${key.id}` : `/orgs/${key.orgId}/apiKeys/${key.id}`;
}

export function toApiKeyResponse(
  key: ApiKeyEntity,
  roles: RoleRow[],
  links: LinkResponse[],
  fullPrivateKey?: string,
): ApiKeyResponse {
  return {
    desc: key.description,
    id: key.id,
    links,
    privateKey: fullPrivateKey ?? maskPrivateKey(key.privateKeyTail),
    publicKey: key.publicKey,
    roles: sortRoles(roles).map(toRoleResponse),
  };
}
