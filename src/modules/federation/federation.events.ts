// Event type names this context publishes, all organization events (Atlas
// EventTypeForOrg). Federation-wide changes (identity providers) are recorded once per connected
// organization, so each organization's event list shows what changed in the federation it uses.
export const FederationEventTypes = {
  FEDERATION_SETTINGS_CREATED: 'FEDERATION_SETTINGS_CREATED',
  FEDERATION_SETTINGS_DELETED: 'FEDERATION_SETTINGS_DELETED',
  FEDERATION_SETTINGS_UPDATED: 'FEDERATION_SETTINGS_UPDATED',
  IDENTITY_PROVIDER_CREATED: 'IDENTITY_PROVIDER_CREATED',
  IDENTITY_PROVIDER_UPDATED: 'IDENTITY_PROVIDER_UPDATED',
  IDENTITY_PROVIDER_DELETED: 'IDENTITY_PROVIDER_DELETED',
  IDENTITY_PROVIDER_ACTIVATED: 'IDENTITY_PROVIDER_ACTIVATED',
  IDENTITY_PROVIDER_DEACTIVATED: 'IDENTITY_PROVIDER_DEACTIVATED',
  ROLE_MAPPING_CREATED: 'ROLE_MAPPING_CREATED',
  ROLE_MAPPING_UPDATED: 'ROLE_MAPPING_UPDATED',
  ROLE_MAPPING_DELETED: 'ROLE_MAPPING_DELETED',
  // Not a product name: a person signed in through the organization's identity provider.
  FEDERATED_SIGN_IN: 'FEDERATED_SIGN_IN',
} as const;
