import { defineErrors } from '../../platform/http/api-error';

// Codes of the federation context. The product's own keep
// their names and statuses; the product documents none for the others, which are ours, in its style.
export const FederationErrors = defineErrors({
  // Federated sign-in (ours). The reason names the check that failed (signature, audience, recipient,
  // time, in-response-to, replayed, domain, inactive-provider, ...), never the assertion's content.
  SAML_RESPONSE_REJECTED: { status: 401, detail: 'The SAML response was rejected: {0}.' },
  NO_IDENTITY_PROVIDER_FOR_DOMAIN: {
    status: 404,
    detail: 'No active identity provider signs in users of the domain {0}.',
  },
  IDENTITY_PROVIDER_NOT_ACTIVE: {
    status: 400,
    detail: 'Identity provider {0} is not active for any connected organization.',
  },
  // Product codes.
  CONNECTED_ORG_CONFIG_IDP_NOT_IN_FEDERATION: {
    status: 400,
    detail: 'Identity provider {0} does not belong to federation {1}.',
  },
  ORG_ALREADY_ASSOCIATED_WITH_FEDERATION: {
    status: 400,
    detail: 'Organization {0} is already associated with another federation.',
  },
  IDENTITY_PROVIDER_ALREADY_ASSOCIATED_WITH_FEDERATION: {
    status: 400,
    detail: 'An identity provider with issuer URI {0} is already associated with another federation.',
  },
  ROLE_NEEDS_GROUP_ID: { status: 400, detail: 'Role {0} applies to a project: {1} needs a groupId.' },
  ROLE_NEEDS_NO_GROUP_ID: {
    status: 400,
    detail: 'Role {0} applies to an organization: {1} must not have a groupId.',
  },
  ROLE_NEEDS_ORG_ID: { status: 400, detail: 'Role {0} applies to an organization: {1} needs an orgId.' },
  ROLE_NEEDS_NO_ORG_ID: { status: 400, detail: 'Role {0} applies to a project: {1} must not have an orgId.' },

  // Ours: the product documents only that these fail, or nothing at all.
  FEDERATION_SETTINGS_NOT_FOUND: { status: 404, detail: 'No federation settings with ID {0} exist.' },
  ORG_FEDERATION_SETTINGS_NOT_FOUND: {
    status: 404,
    detail: 'Organization {0} is not connected to any federation.',
  },
  FEDERATION_HAS_MULTIPLE_CONNECTED_ORGS: {
    status: 400,
    detail:
      'Federation {0} has {1} connected organizations; disconnect all but one before deleting the federation.',
  },
  CANNOT_DISCONNECT_LAST_ORG: {
    status: 400,
    detail: 'Organization {0} is the last one connected to federation {1}; delete the federation instead.',
  },
  CONNECTED_ORG_CONFIG_NOT_FOUND: {
    status: 404,
    detail: 'Organization {0} is not connected to federation {1}.',
  },
  ORG_MISMATCH: {
    status: 400,
    detail: 'The organization ID {0} in the body does not match the organization ID {1} in the URL.',
  },
  IDENTITY_PROVIDER_NOT_FOUND: {
    status: 404,
    detail: 'No identity provider with ID {0} exists in federation {1}.',
  },
  IDENTITY_PROVIDER_ISSUER_URI_ALREADY_EXISTS: {
    status: 409,
    detail: 'An identity provider with issuer URI {0} already exists in this federation.',
  },
  IDENTITY_PROVIDER_HAS_CONNECTED_ORGS: {
    status: 400,
    detail: 'Identity provider {0} is still used by organizations {1}; disconnect them first.',
  },
  ROLE_MAPPING_NOT_FOUND: {
    status: 404,
    detail: 'No role mapping with ID {0} exists for organization {1}.',
  },
  ROLE_MAPPING_ALREADY_EXISTS: {
    status: 409,
    detail: 'A role mapping for external group {0} already exists for organization {1}.',
  },
  DUPLICATE_EXTERNAL_GROUP_NAMES_IN_INPUT: {
    status: 400,
    detail: 'The external group name {0} appears more than once in roleMappings.',
  },
  ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG: {
    status: 400,
    detail: '{0} names {1}, which is neither organization {2} nor one of its projects.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    detail: 'This resource is only available as application/xml or text/xml, not as {0}.',
  },
});
