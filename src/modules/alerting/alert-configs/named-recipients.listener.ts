import { Injectable } from '@nestjs/common';
import { ProjectDirectory } from '../../../platform/auth/principal';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { IdentityErrors, IdentityEventTypes, TeamsService, UserRecipients } from '../../identity';
import { AlertConfigStore, type NamingConfig } from './alert-config.store';

// At most this many configurations are named in a refusal; the count says how many there are.
const LISTED = 20;

// A TEAM notification names a team of the organization; a USER notification a user of the project (the
// product's definition of `username`). Deleting the team, or deleting a user or taking them out of such a
// project (their roles there, their organization, the team that gave them the project), would leave the
// notification failing at every send, and maybe the configuration without any recipient that works. So
// the identity change is refused with 409 naming the configurations, to be changed first: these listeners
// run in the change's transaction after it is written (suppressErrors: false), and throwing rolls it back
// with its audit events. Taking a team off a project leaves its TEAM notifications working (they reach
// the team through the organization), but may take a named member out of the project.
@Injectable()
export class NamedRecipientsListener {
  constructor(
    private readonly store: AlertConfigStore,
    private readonly users: UserRecipients,
    private readonly teams: TeamsService,
    private readonly projects: ProjectDirectory,
  ) {}

  @OnDomainEvent(IdentityEventTypes.TEAM_DELETED, { suppressErrors: false })
  async onTeamDeleted(event: DomainEventOf<'TEAM_DELETED'>): Promise<void> {
    const teamId = event.subject?.teamId;
    if (teamId === undefined) return;
    const naming = await this.store.namingTeam(teamId);
    if (naming.length > 0) {
      throw IdentityErrors.TEAM_NOTIFICATIONS_PRESENT(teamId, countOf(naming), listOf(naming));
    }
  }

  @OnDomainEvent(IdentityEventTypes.USER_DELETED, { suppressErrors: false })
  async onUserDeleted(event: DomainEventOf<'USER_DELETED'>): Promise<void> {
    const username = event.subject?.targetUsername;
    if (username !== undefined) await this.assertStillProjectUsers([username], () => true);
  }

  // Only the configurations of the projects the change is about: a name the user could not be reached
  // under before (a configuration naming someone outside its project) is not this change's doing.
  @OnDomainEvent(IdentityEventTypes.REMOVED_FROM_GROUP, { suppressErrors: false })
  async onUserLeftProject(event: DomainEventOf<'REMOVED_FROM_GROUP'>): Promise<void> {
    const username = event.subject?.targetUsername;
    if (username === undefined) return;
    await this.assertStillProjectUsers([username], (config) => config.groupId === event.groupId);
  }

  @OnDomainEvent(IdentityEventTypes.REMOVED_FROM_ORG, { suppressErrors: false })
  @OnDomainEvent(IdentityEventTypes.REMOVED_FROM_TEAM, { suppressErrors: false })
  async onUserLeftOrgOrTeam(event: DomainEventOf<'REMOVED_FROM_ORG' | 'REMOVED_FROM_TEAM'>): Promise<void> {
    const username = event.subject?.targetUsername;
    if (username === undefined || event.orgId === undefined) return;
    const orgId = event.orgId;
    await this.assertStillProjectUsers(
      [username],
      async (config) => (await this.projects.orgOf(config.groupId)) === orgId,
    );
  }

  @OnDomainEvent(IdentityEventTypes.TEAM_REMOVED_FROM_GROUP, { suppressErrors: false })
  async onTeamLeftProject(event: DomainEventOf<'TEAM_REMOVED_FROM_GROUP'>): Promise<void> {
    const teamId = event.subject?.teamId;
    if (teamId === undefined) return;
    const members = await this.teams.membersOf(teamId);
    await this.assertStillProjectUsers(
      members.map((member) => member.username),
      (config) => config.groupId === event.groupId,
    );
  }

  private async assertStillProjectUsers(
    usernames: string[],
    concerned: (config: NamingConfig) => boolean | Promise<boolean>,
  ): Promise<void> {
    const left: NamingConfig[] = [];
    const reached = new Map<string, boolean>();
    for (const config of await this.store.namingUsers(usernames)) {
      if (!(await concerned(config))) continue;
      const key = `${config.groupId} ${config.named}`;
      if (!reached.has(key)) reached.set(key, await this.users.isProjectMember(config.groupId, config.named));
      if (reached.get(key) === false) left.push(config);
    }
    if (left.length === 0) return;
    const names = [...new Set(left.map((config) => config.named))].join(', ');
    throw IdentityErrors.USER_NOTIFICATIONS_PRESENT(names, countOf(left), listOf(left));
  }
}

function countOf(naming: NamingConfig[]): number {
  return new Set(naming.map((config) => config.alertConfigId)).size;
}

// `<groupId>/alertConfigs/<alertConfigId>`, as in the configuration's path, each once.
function listOf(naming: NamingConfig[]): string {
  const paths = [
    ...new Set(naming.map((config) => `${config.groupId}/alertConfigs/${config.alertConfigId}`)),
  ];
  const shown = paths.slice(0, LISTED).join(', ');
  return paths.length > LISTED ? `${shown} and ${paths.length - LISTED} more` : shown;
}
