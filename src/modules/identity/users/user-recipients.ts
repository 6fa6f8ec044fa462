import { Injectable } from '@nestjs/common';
import { UserRecipientsStore, type PersonContact } from './user-recipients.store';

// Read surface for the delivery side (and for alerting's check that a USER notification still names a
// user of its project): the e-mail addresses and mobile numbers behind USER, GROUP (project roles), ORG
// (organization roles) and TEAM notifications, as the memberships are when asked, so a notification
// resolved at send time never reaches someone removed before it. One contact per user; an address or
// number the user has not set is null.
@Injectable()
export class UserRecipients {
  constructor(private readonly store: UserRecipientsStore) {}

  // null when no user has this name.
  contactOfUser(username: string): Promise<PersonContact | null> {
    return this.store.contactOfUser(username);
  }

  // Whether a USER notification of the project may name this user (the product: "a user of the project").
  isProjectUser(groupId: string, username: string): Promise<boolean> {
    return this.store.isProjectUser(groupId, username);
  }

  // Users holding any of `roles` on the project, directly or through a team; any project role when
  // roles is empty.
  contactsOfProjectRoles(groupId: string, roles: string[]): Promise<PersonContact[]> {
    return this.store.contactsOfProjectRoles(groupId, roles);
  }

  // Users holding any of `roles` in the organization; every member of it when roles is empty.
  contactsOfOrg(orgId: string, roles: string[] = []): Promise<PersonContact[]> {
    return this.store.contactsOfOrgRoles(orgId, roles);
  }

  // The team's members; null when the team is not one of the organization's (a configuration never
  // reaches another organization's people).
  contactsOfTeam(orgId: string, teamId: string): Promise<PersonContact[] | null> {
    return this.store.contactsOfTeam(orgId, teamId);
  }
}
