import { Injectable } from '@nestjs/common';
import { UserRecipientsStore } from './user-recipients.store';

// Read surface for the delivery side: the e-mail addresses behind USER, GROUP (project roles), ORG
// (organization roles) and TEAM notifications, as the memberships are when asked, so a notification
// resolved at send time never reaches someone removed before it. Users without an address are left
// out; users have no mobile number in this service.
@Injectable()
export class UserRecipients {
  constructor(private readonly store: UserRecipientsStore) {}

  // A USER notification reaches only a member of its project: the one check used when it is saved
  // and when it is sent (a name registered later, or a user who left, gets nothing).
  async isProjectMember(groupId: string, username: string): Promise<boolean> {
    return (await this.store.projectMember(groupId, username)) !== null;
  }

  async emailOfProjectMember(groupId: string, username: string): Promise<string | null> {
    return (await this.store.projectMember(groupId, username))?.emailAddress ?? null;
  }

  // Users holding any of `roles` on the project, directly or through a team; any project role when
  // roles is empty.
  emailsOfProjectRoles(groupId: string, roles: string[]): Promise<string[]> {
    return this.store.emailsOfProjectRoles(groupId, roles);
  }

  // Users holding any of `roles` in the organization; every member of it when roles is empty.
  emailsOfOrg(orgId: string, roles: string[] = []): Promise<string[]> {
    return this.store.emailsOfOrgRoles(orgId, roles);
  }

  // The team's members; null when the team is not one of the organization's (a configuration never
  // reaches another organization's people).
  emailsOfTeam(orgId: string, teamId: string): Promise<string[] | null> {
    return this.store.emailsOfTeam(orgId, teamId);
  }
}
