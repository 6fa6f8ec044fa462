import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { assignKeyToProject, createOrgApiKey } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';

describe('PATCH /groups/{groupId}/apiKeys/{apiKeyId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should give the key the project roles and record API_KEY_ADDED_TO_GROUP when it was not assigned', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${w.projectA2.id}`, { auth: key }),
      401,
      'NOT_IN_GROUP',
    );

    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA2.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
      body: { roles: ['GROUP_READ_ONLY', 'GROUP_MONITORING_ADMIN'] },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: key.id,
      privateKey: `********-****-****-${key.privateKey.slice(-12)}`,
      roles: [
        { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
        { groupId: w.projectA2.id, roleName: 'GROUP_MONITORING_ADMIN' },
        { groupId: w.projectA2.id, roleName: 'GROUP_READ_ONLY' },
      ],
    });
    expect((await call('GET', `${t.apiUrl}/groups/${w.projectA2.id}`, { auth: key })).status).toBe(200);
    const events = (await auditEvents(t, 'API_KEY_ADDED_TO_GROUP')).filter((e) => e.raw?.apiKeyId === key.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      org_id: w.orgA.id,
      group_id: w.projectA2.id,
      subject: { targetPublicKey: key.publicKey },
    });
  });

  it('should replace the roles on that project and record API_KEY_ROLES_CHANGED when it was assigned', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    await assignKeyToProject(t, w.admin, w.projectA.id, key.id, ['GROUP_OWNER']);
    await assignKeyToProject(t, w.admin, w.projectA2.id, key.id, ['GROUP_OWNER']);

    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
      body: { roles: ['GROUP_READ_ONLY'] },
    });

    expect(response.body.roles).toEqual([
      { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
      ...[
        { groupId: w.projectA.id, roleName: 'GROUP_READ_ONLY' },
        { groupId: w.projectA2.id, roleName: 'GROUP_OWNER' },
      ].sort((a, b) => a.groupId.localeCompare(b.groupId)),
    ]);
    const events = (await auditEvents(t, 'API_KEY_ROLES_CHANGED')).filter((e) => e.raw?.apiKeyId === key.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ org_id: w.orgA.id, group_id: w.projectA.id });
  });

  it('should let a project owner key assign when it owns the project', async () => {
    const projectOwner = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    await assignKeyToProject(t, w.admin, w.projectA.id, projectOwner.id, ['GROUP_OWNER']);
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);

    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${key.id}`, {
      auth: projectOwner,
      body: { roles: ['GROUP_READ_ONLY'] },
    });

    expect(response.status).toBe(200);
  });

  it('should answer API_KEY_NOT_FOUND when the key belongs to another organization', async () => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.ownerB.id}`, {
      auth: w.admin,
      body: { roles: ['GROUP_OWNER'] },
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should refuse with INVALID_ENUM_VALUE when a role is not a project role', async () => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.memberA.id}`, {
      auth: w.ownerA,
      body: { roles: ['ORG_OWNER'] },
    });

    expectApiError(response, 400, 'INVALID_ENUM_VALUE');
  });

  it('should refuse with MISSING_ATTRIBUTE when roles are empty', async () => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.memberA.id}`, {
      auth: w.ownerA,
      body: { roles: [] },
    });

    expectApiError(response, 400, 'MISSING_ATTRIBUTE');
  });

  it('should refuse with USER_UNAUTHORIZED when a read-only project key asks', async () => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.memberA.id}`, {
      auth: w.projectReaderA,
      body: { roles: ['GROUP_OWNER'] },
    });

    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should refuse with NOT_IN_GROUP when a key of another organization asks', async () => {
    const response = await call('PATCH', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.ownerB.id}`, {
      auth: w.ownerB,
      body: { roles: ['GROUP_OWNER'] },
    });

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});

describe('DELETE /groups/{groupId}/apiKeys/{apiKeyId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should remove the project roles, answer 204 and record API_KEY_REMOVED_FROM_GROUP when assigned', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    await assignKeyToProject(t, w.admin, w.projectA.id, key.id, ['GROUP_READ_ONLY']);
    expect((await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: key })).status).toBe(200);

    const response = await call('DELETE', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
    });

    expect(response.status).toBe(204);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${w.projectA.id}`, { auth: key }),
      401,
      'NOT_IN_GROUP',
    );
    const stored = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, { auth: w.ownerA });
    expect(stored.body.roles).toEqual([{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }]);
    const events = await auditEvents(t, 'API_KEY_REMOVED_FROM_GROUP');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      org_id: w.orgA.id,
      group_id: w.projectA.id,
      raw: { apiKeyId: key.id },
    });
  });

  it('should answer API_KEY_NOT_FOUND when the key is not assigned to the project', async () => {
    const response = await call('DELETE', `${t.apiUrl}/groups/${w.projectA2.id}/apiKeys/${w.memberA.id}`, {
      auth: w.ownerA,
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should answer API_KEY_NOT_FOUND when the key belongs to another organization', async () => {
    const response = await call('DELETE', `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.ownerB.id}`, {
      auth: w.admin,
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should refuse with NOT_IN_GROUP when a key of another organization asks', async () => {
    const response = await call(
      'DELETE',
      `${t.apiUrl}/groups/${w.projectA.id}/apiKeys/${w.projectReaderA.id}`,
      {
        auth: w.ownerB,
      },
    );

    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});
