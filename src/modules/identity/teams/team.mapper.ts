import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import type { ProjectTeamResponse } from './dto/project-team.response';
import type { TeamResponse } from './dto/team.response';
import type { TeamEntity } from './team.entity';

export function teamPath(orgId: string, teamId: string): string {
  return `/orgs/${orgId}/teams/${teamId}`;
}

export function projectTeamPath(groupId: string, teamId: string): string {
  return `/groups/${groupId}/teams/${teamId}`;
}

export function toTeamResponse(team: TeamEntity, links: LinkResponse[]): TeamResponse {
  return { id: team.id, name: team.name, links };
}

export function toProjectTeamResponse(
  teamId: string,
  roleNames: string[],
  links: LinkResponse[],
): ProjectTeamResponse {
  return { teamId, roleNames: [...roleNames].sort(), links };
}
