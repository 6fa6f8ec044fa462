import type { RoleMappingResponse } from './dto/role-mapping.response';
import type { RoleMappingEntity } from './role-mapping.entity';

export function toRoleMappingResponse(mapping: RoleMappingEntity): RoleMappingResponse {
  return {
    externalGroupName: mapping.externalGroupName,
    id: mapping.id,
    roleAssignments: mapping.roleAssignments.map(({ groupId, orgId, role }) => ({ groupId, orgId, role })),
  };
}
