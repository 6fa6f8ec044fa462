// Event type names this context publishes; other contexts may listen to
// `domain.<NAME>` (see platform/events/domain-event.ts).
export const IdentityEventTypes = {
  // Not a product name: the product documents no event for the first-user bootstrap.
  USER_CREATED: 'USER_CREATED',
  ORG_CREATED: 'ORG_CREATED',
  GROUP_CREATED: 'GROUP_CREATED',
  ORG_API_KEY_ADDED: 'ORG_API_KEY_ADDED',
  ORG_API_KEY_DELETED: 'ORG_API_KEY_DELETED',
  API_KEY_DESCRIPTION_CHANGED: 'API_KEY_DESCRIPTION_CHANGED',
  API_KEY_ROLES_CHANGED: 'API_KEY_ROLES_CHANGED',
  API_KEY_ADDED_TO_GROUP: 'API_KEY_ADDED_TO_GROUP',
  API_KEY_REMOVED_FROM_GROUP: 'API_KEY_REMOVED_FROM_GROUP',
} as const;

// `raw` of USER_CREATED: the addresses the bootstrap call asked to put on the user's access list
// (query `accessList` / `whitelist`); the access-lists context seeds the list from it.
export interface UserCreatedRaw {
  userId: string;
  username: string;
  apiKeyId: string;
  accessList: string[];
}

// `raw` of ORG_API_KEY_DELETED: the access-lists context drops the key's list when it sees it.
export interface OrgApiKeyDeletedRaw {
  apiKeyId: string;
}
