import { Injectable } from '@nestjs/common';
import { UserRecipientsStore, type PersonContact } from './user-recipients-read-model.store';

// Read surface for the delivery side (and for alerting's check that a USER notification still names a
// user of its project): the e-mail addresses and mobile numbers behind USER, GROUP (project roles), ORG
// (organization roles) and TEAM notifications, as the memberships are when asked, so a notification
// resolved at send time never reaches someone removed before it. One contact per user; an address or
// number the user has not set is null.
@Injectable()
export class UserRecipients {
  constructor(private readonly store: UserRecipientsStore) {}

  // A USER notification reaches only a member of its project (the product: "a user of the project"): the
  // one check used when it is saved, when it is sent (a name registered later, or a user who left, gets
  // nothing) and when a removal would take the named user out of the project.
  async isProjectMember(groupId: string, username: string): Promise<boolean> {
    return (await this.store.projectMember(groupId, username)) !== null;
  }

  contactOfProjectMember(groupId: string, username: string): Promise<PersonContact | null> {
    return this.store.projectMember(groupId, username);
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
