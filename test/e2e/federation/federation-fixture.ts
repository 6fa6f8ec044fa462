import { Client } from 'pg';
import { selfSignedCertificate } from '../../../src/modules/federation/saml/self-signed-certificate';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  uniqueName,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';

// Callers of the federation tests. Organization A is created by the first user (jane.doe@example.com),
// so jane is an ORG_OWNER user of A (a user userConflicts can report); B and C are created by the
// global key and have no users. Each org has an ORG_OWNER key; A also has an ORG_MEMBER key.
export interface FederationWorld {
  boot: BootstrapResult;
  globalOwner: Credentials;
  orgA: string;
  orgB: string;
  orgC: string;
  projectA: string;
  projectB: string;
  ownerA: Credentials;
  ownerB: Credentials;
  ownerC: Credentials;
  // Owns A and B: may connect B to a federation of A.
  ownerAB: Credentials;
  memberA: Credentials;
}

export async function federationWorld(t: TestApp): Promise<FederationWorld> {
  const boot = await bootstrapFirstUser(t);
  const orgA = (await createOrg(t, boot.userCredentials, uniqueName('org-a'))).id;
  const orgB = (await createOrg(t, boot.globalKey, uniqueName('org-b'))).id;
  const orgC = (await createOrg(t, boot.globalKey, uniqueName('org-c'))).id;
  const projectA = (await createProject(t, boot.globalKey, orgA)).id;
  const projectB = (await createProject(t, boot.globalKey, orgB)).id;
  const ownerAB = await createOrgApiKey(t, boot.globalKey, orgA, ['ORG_OWNER']);
  // The API gives a key roles in its own organization only, and the only user is a global owner: a
  // non-global owner of two organizations is arranged in the database, before the key's first use
  // (so no instance has cached its roles yet).
  await sql(t, `INSERT INTO api_key_roles (api_key_id, role_name, org_id) VALUES ($1, 'ORG_OWNER', $2)`, [
    ownerAB.id,
    orgB,
  ]);
  return {
    boot,
    globalOwner: boot.globalKey,
    orgA,
    orgB,
    orgC,
    projectA,
    projectB,
    ownerA: await createOrgApiKey(t, boot.globalKey, orgA, ['ORG_OWNER']),
    ownerB: await createOrgApiKey(t, boot.globalKey, orgB, ['ORG_OWNER']),
    ownerC: await createOrgApiKey(t, boot.globalKey, orgC, ['ORG_OWNER']),
    ownerAB,
    memberA: await createOrgApiKey(t, boot.globalKey, orgA, ['ORG_MEMBER']),
  };
}

export async function sql<T extends object = Record<string, unknown>>(
  t: TestApp,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export interface FederationEventRow {
  event_type_name: string;
  org_id: string | null;
  group_id: string | null;
  diffs: Array<{
    id?: string;
    status?: string;
    type?: string;
    params?: Array<{ param: string; old?: unknown; new?: unknown }>;
  }> | null;
  raw: Record<string, unknown> | null;
}

export function eventsOf(t: TestApp, eventTypeName: string): Promise<FederationEventRow[]> {
  return sql<FederationEventRow>(
    t,
    'SELECT event_type_name, org_id, group_id, diffs, raw FROM events WHERE event_type_name = $1 ORDER BY created, id',
    [eventTypeName],
  );
}

export function expectStatus(response: ApiResponse, status: number, what: string): void {
  if (response.status !== status)
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${response.text}`);
}

export interface FederationSettingsView {
  id: string;
  federatedDomains: string[];
  hasRoleMappings: boolean;
  identityProviderId: string | null;
  identityProviderStatus: string | null;
}

export async function createFederation(
  t: TestApp,
  auth: Credentials,
  orgId: string,
): Promise<FederationSettingsView> {
  const response = await call<FederationSettingsView>(
    'POST',
    `${t.apiUrl}/orgs/${orgId}/federationSettings`,
    { auth },
  );
  expectStatus(response, 201, 'POST /orgs/{orgId}/federationSettings');
  return response.body;
}

// A PEM certificate as an identity provider would hand it out.
export function idpCertificate(
  notBefore = new Date('2024-01-15T10:30:00Z'),
  notAfter = new Date('2034-01-15T10:30:00Z'),
): string {
  return selfSignedCertificate('idp.example.com', notBefore, notAfter).certificatePem;
}

export function idpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    displayName: 'Okta',
    issuerUri: `http://www.okta.com/${uniqueName('exk')}`,
    ssoUrl: 'https://example.okta.com/app/dms/sso/saml',
    pemFileInfo: { certificates: [{ content: idpCertificate() }], fileName: 'okta.cert' },
    ...overrides,
  };
}

export interface IdentityProviderView {
  oktaIdpId: string;
  issuerUri: string;
  status: string;
  associatedDomains: string[];
  associatedOrgs: Array<Record<string, unknown>>;
  [field: string]: unknown;
}

export async function createIdp(
  t: TestApp,
  auth: Credentials,
  federationId: string,
  overrides: Record<string, unknown> = {},
): Promise<IdentityProviderView> {
  const response = await call<IdentityProviderView>(
    'POST',
    `${t.apiUrl}/federationSettings/${federationId}/identityProviders`,
    { auth, body: idpBody(overrides) },
  );
  expectStatus(response, 200, 'POST /federationSettings/{id}/identityProviders');
  return response.body;
}

export function connectedOrgUrl(
  t: TestApp,
  federationId: string,
  orgId: string,
  trailingSlash = false,
): string {
  return `${t.apiUrl}/federationSettings/${federationId}/connectedOrgConfigs/${orgId}${trailingSlash ? '/' : ''}`;
}

export async function patchConnectedOrg(
  t: TestApp,
  auth: Credentials,
  federationId: string,
  orgId: string,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  const response = await call('PATCH', connectedOrgUrl(t, federationId, orgId), {
    auth,
    body: { orgId, ...body },
  });
  expectStatus(response, 200, 'PATCH /federationSettings/{id}/connectedOrgConfigs/{orgId}');
  return response.body;
}

export function roleMappingsUrl(
  t: TestApp,
  federationId: string,
  orgId: string,
  roleMappingId?: string,
): string {
  return `${connectedOrgUrl(t, federationId, orgId)}/roleMappings${roleMappingId ? `/${roleMappingId}` : ''}`;
}
