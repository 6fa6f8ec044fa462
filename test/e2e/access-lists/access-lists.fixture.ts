import { Client } from 'pg';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type ApiKeyCredentials,
  type BootstrapResult,
  type OrgView,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';

// Timestamps as the product prints them: whole seconds, UTC.
export const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

// The tests reach the service on 127.0.0.1; these blocks leave the caller outside or inside.
export const OUTSIDE_BLOCK = '10.0.0.0/8';
export const CALLER_ADDRESS = '127.0.0.1';

export interface OrgFixture {
  boot: BootstrapResult;
  org: OrgView;
  // ORG_OWNER and ORG_MEMBER keys of the organization, for the callers' side of a test.
  owner: ApiKeyCredentials;
  member: ApiKeyCredentials;
}

export async function setUpOrg(t: TestApp): Promise<OrgFixture> {
  const boot = await bootstrapFirstUser(t);
  const org = await createOrg(t, boot.globalKey);
  const owner = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
  const member = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_MEMBER']);
  return { boot, org, owner, member };
}

export function keyListUrl(t: TestApp, orgId: string, apiKeyId: string, entry?: string): string {
  const base = `${t.apiUrl}/orgs/${orgId}/apiKeys/${apiKeyId}/accessList`;
  return entry === undefined ? base : `${base}/${entry}`;
}

export function userListUrl(t: TestApp, userId: string, entry?: string): string {
  const base = `${t.apiUrl}/users/${userId}/accessList`;
  return entry === undefined ? base : `${base}/${entry}`;
}

export async function addToKeyList(
  t: TestApp,
  auth: Credentials,
  orgId: string,
  apiKeyId: string,
  entries: object[],
): Promise<ApiResponse> {
  const response = await call('POST', keyListUrl(t, orgId, apiKeyId), { auth, body: entries });
  if (response.status !== 200) throw new Error(`POST access list: ${response.status} ${response.text}`);
  return response;
}

// Direct reads for what the API does not show (user events carry no org; a deleted key's rows).
export async function queryDatabase<T extends object>(
  t: TestApp,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
