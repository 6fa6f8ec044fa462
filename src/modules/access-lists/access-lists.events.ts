// Event type names this context publishes. The API key names are the product's (Atlas
// ApiUserEventTypeViewForOrg); the product documents none for user access lists, so those two
// are ours, named the same way.
export const AccessListEventTypes = {
  API_KEY_ACCESS_LIST_ENTRY_ADDED: 'API_KEY_ACCESS_LIST_ENTRY_ADDED',
  API_KEY_ACCESS_LIST_ENTRY_DELETED: 'API_KEY_ACCESS_LIST_ENTRY_DELETED',
  USER_ACCESS_LIST_ENTRY_ADDED: 'USER_ACCESS_LIST_ENTRY_ADDED',
  USER_ACCESS_LIST_ENTRY_DELETED: 'USER_ACCESS_LIST_ENTRY_DELETED',
  // The global list (admin/accessList): no product name documented; ours, named the same way.
  GLOBAL_ACCESS_LIST_ENTRY_ADDED: 'GLOBAL_ACCESS_LIST_ENTRY_ADDED',
  GLOBAL_ACCESS_LIST_ENTRY_UPDATED: 'GLOBAL_ACCESS_LIST_ENTRY_UPDATED',
  GLOBAL_ACCESS_LIST_ENTRY_DELETED: 'GLOBAL_ACCESS_LIST_ENTRY_DELETED',
} as const;
