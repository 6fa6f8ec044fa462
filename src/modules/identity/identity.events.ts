// Event type names this context publishes; other contexts may listen to
// `domain.<NAME>` (see platform/events/domain-event.ts).
export const IdentityEventTypes = {
  // Not a product name: the product documents no event for the first-user bootstrap.
  USER_CREATED: 'USER_CREATED',
  ORG_CREATED: 'ORG_CREATED',
  GROUP_CREATED: 'GROUP_CREATED',
  ORG_API_KEY_ADDED: 'ORG_API_KEY_ADDED',
  ORG_API_KEY_DELETED: 'ORG_API_KEY_DELETED',
  // A global key deleted (with the user it belongs to): the product's name for a deleted key.
  API_KEY_DELETED: 'API_KEY_DELETED',
  API_KEY_DESCRIPTION_CHANGED: 'API_KEY_DESCRIPTION_CHANGED',
  API_KEY_ROLES_CHANGED: 'API_KEY_ROLES_CHANGED',
  API_KEY_ADDED_TO_GROUP: 'API_KEY_ADDED_TO_GROUP',
  API_KEY_REMOVED_FROM_GROUP: 'API_KEY_REMOVED_FROM_GROUP',
  JOINED_ORG: 'JOINED_ORG',
  JOINED_GROUP: 'JOINED_GROUP',
  REMOVED_FROM_ORG: 'REMOVED_FROM_ORG',
  REMOVED_FROM_GROUP: 'REMOVED_FROM_GROUP',
  USER_ROLES_CHANGED_AUDIT: 'USER_ROLES_CHANGED_AUDIT',
  // Not product names: the product documents no event for these user changes.
  USER_UPDATED: 'USER_UPDATED',
  USER_DELETED: 'USER_DELETED',
  ORG_RENAMED: 'ORG_RENAMED',
  // Not a product name.
  ORG_DELETED: 'ORG_DELETED',
  GROUP_NAME_CHANGED: 'GROUP_NAME_CHANGED',
  GROUP_TAGS_MODIFIED: 'GROUP_TAGS_MODIFIED',
  GROUP_DELETED: 'GROUP_DELETED',
  TEAM_CREATED: 'TEAM_CREATED',
  TEAM_DELETED: 'TEAM_DELETED',
  TEAM_NAME_CHANGED: 'TEAM_NAME_CHANGED',
  USER_ADDED_TO_TEAM: 'USER_ADDED_TO_TEAM',
  // A user added to a team (the product's user-category name, the pair of REMOVED_FROM_TEAM).
  JOINED_TEAM: 'JOINED_TEAM',
  REMOVED_FROM_TEAM: 'REMOVED_FROM_TEAM',
  TEAM_ADDED_TO_GROUP: 'TEAM_ADDED_TO_GROUP',
  TEAM_REMOVED_FROM_GROUP: 'TEAM_REMOVED_FROM_GROUP',
  TEAM_ROLES_MODIFIED: 'TEAM_ROLES_MODIFIED',
  INVITED_TO_ORG: 'INVITED_TO_ORG',
  INVITED_TO_GROUP: 'INVITED_TO_GROUP',
  // Not product names: the product documents no event for a changed, deleted or accepted invitation
  // (accepting also records JOINED_ORG / JOINED_GROUP, JOINED_TEAM and, for a new person, USER_CREATED).
  INVITATION_UPDATED: 'INVITATION_UPDATED',
  INVITATION_DELETED: 'INVITATION_DELETED',
  INVITATION_ACCEPTED: 'INVITATION_ACCEPTED',
} as const;

// `raw` of GROUP_CREATED: the alerting context creates the default configurations unless the flag is false.
export interface GroupCreatedRaw {
  name: string;
  withDefaultAlertsSettings: boolean;
}

// `raw` of GROUP_DELETED: every context drops what it holds for the project in the deleting
// transaction (its events stay, readable to the organization's owners).
export interface GroupDeletedRaw {
  groupId: string;
  orgId: string;
  name: string;
}

// `raw` of USER_CREATED: the addresses to put on the user's access list, which the access-lists
// context seeds from it: those the bootstrap call asked for (query `accessList` / `whitelist`), or the
// creating caller's own list (a fenced caller never creates an unfenced user).
export interface UserCreatedRaw {
  userId: string;
  username: string;
  // The bootstrap's global key; null for users created by an administrator.
  apiKeyId: string | null;
  accessList: string[];
}

// `raw` of ORG_API_KEY_ADDED: the creating caller's own access list, copied onto the new key by the
// access-lists context (a fenced caller never creates an unfenced key).
export interface OrgApiKeyAddedRaw {
  apiKeyId: string;
  desc: string;
  roles?: string[];
  accessList: string[];
}

// `raw` of ORG_API_KEY_DELETED and API_KEY_DELETED: the access-lists context drops the key's list when
// it sees it.
export interface OrgApiKeyDeletedRaw {
  apiKeyId: string;
}

// `raw` of USER_DELETED and REMOVED_FROM_TEAM (the access-lists context drops a deleted user's list).
export interface TargetUserRaw {
  targetUserId: string;
}

// `raw` of JOINED_ORG / REMOVED_FROM_ORG / JOINED_GROUP / REMOVED_FROM_GROUP / USER_ROLES_CHANGED_AUDIT.
export interface UserRolesRaw {
  targetUserId: string;
  rolesBefore: string[];
  rolesAfter: string[];
}

// The identity events other contexts listen to, in the platform's event map (name -> `raw`).
declare module '../../platform/events/domain-event' {
  interface DomainEventRawMap {
    USER_CREATED: UserCreatedRaw;
    USER_DELETED: TargetUserRaw;
    GROUP_CREATED: GroupCreatedRaw;
    GROUP_DELETED: GroupDeletedRaw;
    ORG_API_KEY_ADDED: OrgApiKeyAddedRaw;
    ORG_API_KEY_DELETED: OrgApiKeyDeletedRaw;
    API_KEY_DELETED: OrgApiKeyDeletedRaw;
    REMOVED_FROM_ORG: UserRolesRaw;
    REMOVED_FROM_GROUP: UserRolesRaw;
    REMOVED_FROM_TEAM: TargetUserRaw;
    TEAM_DELETED: { name: string; memberIds: string[] };
    TEAM_REMOVED_FROM_GROUP: { roleNames: string[] };
  }
}
