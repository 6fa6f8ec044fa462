import { toRoleMappingResponse } from '../role-mappings/role-mapping.mapper';
import type { RoleMappingEntity } from '../role-mappings/role-mapping.entity';
import type { ConnectedOrgEntity } from './connected-org.entity';
import type { ConnectedOrgConfigResponse } from './dto/connected-org.response';
import type { UserConflict } from './user-conflicts';

export function toConnectedOrgResponse(
  config: ConnectedOrgEntity,
  roleMappings: readonly RoleMappingEntity[],
  conflicts: UserConflict[] | null,
): ConnectedOrgConfigResponse {
  return {
    domainAllowList: config.domainAllowList,
    domainRestrictionEnabled: config.domainRestrictionEnabled,
    identityProviderId: config.identityProviderId,
    orgId: config.orgId,
    postAuthRoleGrants: config.postAuthRoleGrants,
    roleMappings: roleMappings.map(toRoleMappingResponse),
    userConflicts: config.domainRestrictionEnabled ? conflicts : null,
  };
}
