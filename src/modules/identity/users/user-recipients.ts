import { Injectable } from '@nestjs/common';
import { UserRecipientsStore } from './user-recipients.store';

// Read surface for the delivery side (and for alerting's check that a USER notification still names a
// user of its project): the e-mail addresses behind USER, GROUP (project roles), ORG
// (organization roles) and TEAM notifications, as the memberships are when asked, so a notification
// resolved at send time never reaches someone removed before it. Users without an address are left
// out; users have no mobile number in this service.
@Injectable()
export class UserRecipients {
  constructor(private readonly store: UserRecipientsStore) {}

  emailOfUser(username: string): Promise<string | null> {
    return this.store.emailOfUser(username);
  }

  // Whether a USER notification of the project may name this user (the product: "a user of the project").
  isProjectUser(groupId: string, username: string): Promise<boolean> {
    return this.store.isProjectUser(groupId, username);
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
