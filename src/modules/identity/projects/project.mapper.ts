import type { Principal } from '../../../platform/auth/principal';
import { hasGlobalRole } from '../../../platform/auth/role-hierarchy';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { ProjectResponse } from './dto/project.response';
import type { ProjectEntity } from './project.entity';

export function projectPath(groupId: string): string {
  return `/groups/${groupId}`;
}

// The product shows a project's tags to callers with a global role only.
export function tagsShownTo(principal: Principal): boolean {
  return hasGlobalRole(principal.roles, ['GLOBAL_READ_ONLY']);
}

// The product's project shape. Deployment counters stay zero; agentApiKey is omitted (agent keys have
// their own resource), lastActiveAgent until an agent of the project has reported. No LDAP directory
// backs this service, so no LDAP group maps to a project role.
export function toProjectResponse(
  project: ProjectEntity,
  links: LinkResponse[],
  showTags: boolean,
  lastActiveAgent: Date | undefined,
): ProjectResponse {
  return {
    activeAgentCount: 0,
    created: toIsoSeconds(project.createdAt),
    hostCounts: { arbiter: 0, config: 0, master: 0, mongos: 0, primary: 0, secondary: 0, slave: 0 },
    id: project.id,
    ...(lastActiveAgent !== undefined ? { lastActiveAgent: toIsoSeconds(lastActiveAgent) } : {}),
    ldapGroupMappings: [],
    links,
    name: project.name,
    orgId: project.orgId,
    publicApiEnabled: true,
    replicaSetCount: 0,
    shardCount: 0,
    tags: showTags ? [...project.tags] : [],
  };
}
