// Ids and bodies used by the OpenAPI examples of this context.
export const EXAMPLE_FEDERATION_ID = '5e8cc670a16506712e0b1e95';
export const EXAMPLE_ORG_ID = '5df7a168f10fab3a149357fb';
export const EXAMPLE_PROJECT_ID = '5c8100bcf2a30b12ff88258f';
export const EXAMPLE_IDP_ID = '0a7e0c3f5b9d2e4a6c81';
export const EXAMPLE_ROLE_MAPPING_ID = '61e89721b827b56c845ff44c';
export const EXAMPLE_ISSUER_URI = 'http://www.okta.com/exk1a2b3c4d5e6f7g8h9';
export const EXAMPLE_SSO_URL = 'https://example.okta.com/app/example_dms/exk1a2b3c4d5e6f7g8h9/sso/saml';

export const EXAMPLE_ROLE_ASSIGNMENTS = [
  { groupId: null, orgId: EXAMPLE_ORG_ID, role: 'ORG_MEMBER' },
  { groupId: EXAMPLE_PROJECT_ID, orgId: null, role: 'GROUP_READ_ONLY' },
];

export const EXAMPLE_CERTIFICATE_PEM =
  '-----BEGIN CERTIFICATE-----\nMIIC8DCCAdigAwIBAgIQ...\n-----END CERTIFICATE-----\n';
