import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createOrgApiKey } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';

describe('DELETE /orgs/{orgId}/apiKeys/{apiKeyId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should delete the key, answer 204 and record ORG_API_KEY_DELETED when an org owner asks', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    expect((await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}`, { auth: key })).status).toBe(200);

    const response = await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
    });

    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const events = await auditEvents(t, 'ORG_API_KEY_DELETED');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      org_id: w.orgA.id,
      group_id: null,
      subject: { targetPublicKey: key.publicKey },
      raw: { apiKeyId: key.id },
    });
    const afterwards = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}`, { auth: key });
    expect(afterwards.status).toBe(401);
    expect(afterwards.headers['www-authenticate']).toBeDefined();
  });

  it('should answer API_KEY_NOT_FOUND when the key was already deleted', async () => {
    const key = await createOrgApiKey(t, w.admin, w.orgA.id, ['ORG_MEMBER']);
    await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, { auth: w.ownerA });

    const response = await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${key.id}`, {
      auth: w.ownerA,
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
  });

  it('should answer API_KEY_NOT_FOUND and keep the key when it belongs to another organization', async () => {
    const response = await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.ownerB.id}`, {
      auth: w.ownerA,
    });

    expectApiError(response, 400, 'API_KEY_NOT_FOUND');
    expect((await call('GET', `${t.apiUrl}/orgs/${w.orgB.id}`, { auth: w.ownerB })).status).toBe(200);
  });

  it('should refuse with USER_UNAUTHORIZED when a member or another organization asks', async () => {
    for (const auth of [w.memberA, w.readOnlyA, w.ownerB]) {
      const response = await call('DELETE', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys/${w.creatorA.id}`, {
        auth,
      });

      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});
