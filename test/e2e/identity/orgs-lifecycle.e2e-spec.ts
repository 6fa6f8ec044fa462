import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import {
  createOrg,
  createOrgApiKey,
  createProject,
  createUser,
  uniqueName,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './identity.fixture';

describe('PATCH /orgs/{orgId} (and DELETE)', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should rename an organization for its owner, record ORG_RENAMED, and refuse a member', async () => {
    const renamed = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}`, {
      auth: w.ownerA,
      body: { name: 'Org A renamed' },
    });
    const byMember = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}`, {
      auth: w.memberA,
      body: { name: 'nope' },
    });
    const empty = await call('PATCH', `${t.apiUrl}/orgs/${w.orgA.id}`, {
      auth: w.ownerA,
      body: { name: '' },
    });

    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Org A renamed');
    expectApiError(byMember, 401, 'USER_UNAUTHORIZED');
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('name');
    const events = (await auditEvents(t, 'ORG_RENAMED')).filter((e) => e.org_id === w.orgA.id);
    expect(events).toHaveLength(1);
  });

  it('should refuse to delete an organization with projects, then delete it once empty; members get no access', async () => {
    const org = await createOrg(t, w.admin, uniqueName('Doomed'));
    await createProject(t, w.admin, org.id, 'Keeps it alive');
    const refused = await call('DELETE', `${t.apiUrl}/orgs/${org.id}`, { auth: w.admin });
    expectApiError(refused, 400, 'CANNOT_DELETE_ORG_WITH_GROUPS');

    const empty = await createOrg(t, w.admin, uniqueName('Empty'));
    const member = await createUser(t, w.admin, [{ orgId: empty.id, roleName: 'ORG_MEMBER' }]);
    const key = await createOrgApiKey(t, w.admin, empty.id, ['ORG_OWNER']);
    expect((await call('GET', `${t.apiUrl}/orgs/${empty.id}`, { auth: member.credentials })).status).toBe(
      200,
    );
    // A global caller's org routes ask whether the organization exists; the answer is remembered.
    expect((await call('GET', `${t.apiUrl}/orgs/${empty.id}/apiKeys`, { auth: w.admin })).status).toBe(200);

    const deleted = await call('DELETE', `${t.apiUrl}/orgs/${empty.id}`, { auth: key });

    expect(deleted.status).toBe(204);
    expectApiError(
      await call('GET', `${t.apiUrl}/orgs/${empty.id}`, { auth: w.admin }),
      404,
      'ORG_NOT_FOUND',
    );
    expect((await call('GET', `${t.apiUrl}/orgs/${empty.id}`, { auth: member.credentials })).status).toBe(
      401,
    );
    expect((await call('GET', `${t.apiUrl}/orgs`, { auth: key })).status).toBe(401);
    expectApiError(
      await call('GET', `${t.apiUrl}/orgs/${empty.id}/apiKeys`, { auth: w.admin }),
      404,
      'ORG_NOT_FOUND',
    );
    expect((await auditEvents(t, 'ORG_DELETED')).some((e) => e.org_id === empty.id)).toBe(true);
  });
});
