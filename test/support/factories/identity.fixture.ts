import { randomBytes } from 'node:crypto';
import { call, type ApiResponse, type Credentials } from '../digest-client';
import type { TestApp } from '../test-app';

// Builders for organizations, projects, users and API keys, going through the public API only.

export interface RoleView {
  roleName: string;
  orgId?: string;
  groupId?: string;
}

export interface UserView {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  emailAddress?: string;
  roles: RoleView[];
  links: Array<{ href: string; rel: string }>;
}

export interface ApiKeyCredentials extends Credentials {
  id: string;
}

export interface BootstrapResult {
  user: UserView;
  // The global programmatic key (GLOBAL_OWNER) returned by POST /unauth/users.
  globalKey: ApiKeyCredentials;
  // The first user's own Digest credentials (username / password), also GLOBAL_OWNER.
  userCredentials: Credentials;
}

export interface OrgView {
  id: string;
  name: string;
  links: Array<{ href: string; rel: string }>;
}

export interface ProjectView {
  id: string;
  name: string;
  orgId: string;
  links: Array<{ href: string; rel: string }>;
  [field: string]: unknown;
}

export const FIRST_USER_PASSWORD = 'Correct-Horse-9';

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

function expectStatus(response: ApiResponse, expected: number, what: string): void {
  if (response.status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${response.status}: ${response.text}`);
  }
}

export async function bootstrapFirstUser(
  t: TestApp,
  overrides: { username?: string; password?: string; accessList?: string[] } = {},
): Promise<BootstrapResult> {
  const username = overrides.username ?? 'jane.doe@example.com';
  const password = overrides.password ?? FIRST_USER_PASSWORD;
  const query = (overrides.accessList ?? []).map((ip) => `accessList=${encodeURIComponent(ip)}`).join('&');
  const response = await call('POST', `${t.apiUrl}/unauth/users${query ? `?${query}` : ''}`, {
    body: { username, password, firstName: 'Jane', lastName: 'Doe', emailAddress: 'jane.doe@example.com' },
  });
  expectStatus(response, 201, 'POST /unauth/users');
  const body = response.body as {
    user: UserView;
    programmaticApiKey: { id: string; publicKey: string; privateKey: string };
  };
  return {
    user: body.user,
    globalKey: {
      id: body.programmaticApiKey.id,
      publicKey: body.programmaticApiKey.publicKey,
      privateKey: body.programmaticApiKey.privateKey,
    },
    userCredentials: { publicKey: username, privateKey: password },
  };
}

export async function createOrg(
  t: TestApp,
  auth: Credentials,
  name: string = uniqueName('org'),
): Promise<OrgView> {
  const response = await call<OrgView>('POST', `${t.apiUrl}/orgs`, { auth, body: { name } });
  expectStatus(response, 200, 'POST /orgs');
  return response.body;
}

export async function createProject(
  t: TestApp,
  auth: Credentials,
  orgId: string,
  name: string = uniqueName('project'),
): Promise<ProjectView> {
  const response = await call<ProjectView>('POST', `${t.apiUrl}/groups`, { auth, body: { name, orgId } });
  expectStatus(response, 201, 'POST /groups');
  return response.body;
}

// An organization API key with the given ORG_* roles; returns its full private key (shown once).
export async function createOrgApiKey(
  t: TestApp,
  auth: Credentials,
  orgId: string,
  roles: string[],
  desc: string = uniqueName('key'),
): Promise<ApiKeyCredentials> {
  const response = await call<{ id: string; publicKey: string; privateKey: string }>(
    'POST',
    `${t.apiUrl}/orgs/${orgId}/apiKeys`,
    { auth, body: { desc, roles } },
  );
  expectStatus(response, 200, 'POST /orgs/{orgId}/apiKeys');
  return { id: response.body.id, publicKey: response.body.publicKey, privateKey: response.body.privateKey };
}

// Gives an organization API key the given GROUP_* roles on a project of its organization.
export async function assignKeyToProject(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  keyId: string,
  roles: string[],
): Promise<void> {
  const response = await call('PATCH', `${t.apiUrl}/groups/${groupId}/apiKeys/${keyId}`, {
    auth,
    body: { roles },
  });
  expectStatus(response, 200, 'PATCH /groups/{groupId}/apiKeys/{apiKeyId}');
}

export const TEAMMATE_PASSWORD = 'Teammate-2024!';

// POST /users as `auth`, whatever the answer: the response and the credentials the user would have.
export async function postUser(
  t: TestApp,
  auth: Credentials,
  roles: RoleView[],
  prefix = 'teammate',
): Promise<{ response: ApiResponse<UserView>; credentials: Credentials }> {
  const username = `${uniqueName(prefix)}@example.com`;
  const response = await call<UserView>('POST', `${t.apiUrl}/users`, {
    auth,
    body: {
      username,
      password: TEAMMATE_PASSWORD,
      emailAddress: username,
      firstName: 'Sam',
      lastName: 'Lee',
      roles,
    },
  });
  return { response, credentials: { publicKey: username, privateKey: TEAMMATE_PASSWORD } };
}

// POST /users: a user with the given roles, and its Digest credentials.
export async function createUser(
  t: TestApp,
  auth: Credentials,
  roles: RoleView[],
  prefix = 'teammate',
): Promise<{ user: UserView; credentials: Credentials }> {
  const { response, credentials } = await postUser(t, auth, roles, prefix);
  expectStatus(response, 201, 'create user');
  return { user: response.body, credentials };
}
