import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';

describe('POST /orgs', () => {
  let t: TestApp;
  let boot: BootstrapResult;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should create the organization and record ORG_CREATED when the global key asks', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: { name: 'Acme' } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      links: [{ href: `${t.apiUrl}/orgs/${response.body.id}`, rel: 'self' }],
      name: 'Acme',
    });
    const events = (await auditEvents(t, 'ORG_CREATED')).filter((e) => e.org_id === response.body.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.group_id).toBeNull();
  });

  it('should make the creating user the organization owner when a user asks', async () => {
    const org = await createOrg(t, boot.userCredentials, 'Made by Jane');

    const user = await call('GET', `${t.apiUrl}/users/${boot.user.id}`, { auth: boot.userCredentials });

    expect(user.body.roles).toContainEqual({ orgId: org.id, roleName: 'ORG_OWNER' });
  });

  it('should give nobody ORG_OWNER when the global programmatic key creates the organization', async () => {
    const org = await createOrg(t, boot.globalKey, 'Made by the global key');

    const members = await call('GET', `${t.apiUrl}/orgs/${org.id}/users`, { auth: boot.globalKey });
    const user = await call('GET', `${t.apiUrl}/users/${boot.user.id}`, { auth: boot.userCredentials });

    expect(members.status).toBe(200);
    expect(members.body.results).toEqual([]);
    expect(user.body.roles).not.toContainEqual(expect.objectContaining({ orgId: org.id }));
  });

  it('should list the creating user as the only member, an ORG_OWNER, when a user creates it with its own credentials', async () => {
    const org = await createOrg(t, boot.userCredentials, 'Made by Jane, listed');

    const members = await call('GET', `${t.apiUrl}/orgs/${org.id}/users`, { auth: boot.userCredentials });

    expect(members.status).toBe(200);
    expect(members.body.results).toHaveLength(1);
    expect(members.body.results[0]).toMatchObject({
      id: boot.user.id,
      roles: expect.arrayContaining([{ orgId: org.id, roleName: 'ORG_OWNER' }]),
    });
  });

  it('should apply the same owner rule to the organization POST /groups makes without orgId when a user or the global key asks', async () => {
    const byUser = await call('POST', `${t.apiUrl}/groups`, {
      auth: boot.userCredentials,
      body: { name: 'Project with its own org, by Jane' },
    });
    const byKey = await call('POST', `${t.apiUrl}/groups`, {
      auth: boot.globalKey,
      body: { name: 'Project with its own org, by the key' },
    });
    expect([byUser.status, byKey.status]).toEqual([201, 201]);

    const ownersOf = async (orgId: string) =>
      (await call('GET', `${t.apiUrl}/orgs/${orgId}/users`, { auth: boot.globalKey })).body.results.filter(
        (user: { roles: Array<{ orgId?: string; roleName: string }> }) =>
          user.roles.some((role) => role.orgId === orgId && role.roleName === 'ORG_OWNER'),
      );
    expect((await ownersOf(byUser.body.orgId)).map((user: { id: string }) => user.id)).toEqual([
      boot.user.id,
    ]);
    expect(await ownersOf(byKey.body.orgId)).toEqual([]);
  });

  it('should refuse with API_KEY_CANNOT_CREATE_ORG when an organization key asks', async () => {
    const org = await createOrg(t, boot.globalKey);
    const owner = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']);
    const before = (await auditEvents(t, 'ORG_CREATED')).length;

    const response = await call('POST', `${t.apiUrl}/orgs`, { auth: owner, body: { name: 'Not allowed' } });

    expectApiError(response, 401, 'API_KEY_CANNOT_CREATE_ORG');
    expect(await auditEvents(t, 'ORG_CREATED')).toHaveLength(before);
  });

  it('should refuse with MISSING_ATTRIBUTE when the name is missing', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: {} });

    expectApiError(response, 400, 'MISSING_ATTRIBUTE');
    expect(response.body.parameters).toEqual(['name']);
  });

  it('should refuse with INVALID_ATTRIBUTE when an unknown field is sent', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs`, {
      auth: boot.globalKey,
      body: { name: 'x', owner: 'me' },
    });

    expectApiError(response, 400, 'INVALID_ATTRIBUTE');
  });

  it('should refuse with INVALID_JSON_ATTRIBUTE when the name is not a string', async () => {
    const response = await call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: { name: 42 } });

    expectApiError(response, 400, 'INVALID_JSON_ATTRIBUTE');
  });
});
