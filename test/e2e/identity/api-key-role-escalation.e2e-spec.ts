import fc from 'fast-check';
import { call, type ApiResponse } from '../../support/digest-client';
import {
  assignKeyToProject,
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  type ApiKeyCredentials,
  type OrgView,
  type ProjectView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

const PROJECT_ROLES = [
  'GROUP_AUTOMATION_ADMIN',
  'GROUP_BACKUP_ADMIN',
  'GROUP_MONITORING_ADMIN',
  'GROUP_OWNER',
  'GROUP_READ_ONLY',
  'GROUP_USER_ADMIN',
  'GROUP_DATA_ACCESS_ADMIN',
  'GROUP_DATA_ACCESS_READ_ONLY',
  'GROUP_DATA_ACCESS_READ_WRITE',
];

// The product's rule, written out independently of the service: who may give which project role.
function mayGrantProjectRole(callerOrgRoles: string[], callerProjectRoles: string[], role: string): boolean {
  if (callerOrgRoles.includes('ORG_OWNER') || callerProjectRoles.includes('GROUP_OWNER')) return true;
  return callerProjectRoles.includes('GROUP_USER_ADMIN') && role !== 'GROUP_OWNER';
}

function expectRefused(response: ApiResponse, errorCode?: string): void {
  expect([401, 403]).toContain(response.status);
  if (errorCode !== undefined) expect(response.body.errorCode).toBe(errorCode);
}

describe('PATCH /groups/{groupId}/apiKeys/{apiKeyId} and POST /groups/{groupId}/apiKeys: no self-escalation', () => {
  let t: TestApp;
  let admin: ApiKeyCredentials;
  let org: OrgView;
  let project: ProjectView;
  let userAdmin: ApiKeyCredentials;

  const projectRolesOf = async (keyId: string): Promise<string[]> => {
    const key = await call('GET', `${t.apiUrl}/orgs/${org.id}/apiKeys/${keyId}`, { auth: admin });
    return (key.body.roles as Array<{ roleName: string; groupId?: string }>)
      .filter((role) => role.groupId === project.id)
      .map((role) => role.roleName)
      .sort();
  };
  const keyCount = async (): Promise<number> => {
    const keys = await call('GET', `${t.apiUrl}/orgs/${org.id}/apiKeys?itemsPerPage=500`, { auth: admin });
    return keys.body.totalCount as number;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await bootstrapFirstUser(t)).globalKey;
    org = await createOrg(t, admin, 'Escalation org');
    project = await createProject(t, admin, org.id, 'Escalation project');
    userAdmin = await createOrgApiKey(t, admin, org.id, ['ORG_MEMBER'], 'user admin');
    await assignKeyToProject(t, admin, project.id, userAdmin.id, ['GROUP_USER_ADMIN']);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should refuse a GROUP_USER_ADMIN key raising its own roles to GROUP_OWNER, and change nothing', async () => {
    for (const roles of [['GROUP_OWNER'], ['GROUP_USER_ADMIN', 'GROUP_OWNER'], ['GROUP_READ_ONLY']]) {
      const response = await call('PATCH', `${t.apiUrl}/groups/${project.id}/apiKeys/${userAdmin.id}`, {
        auth: userAdmin,
        body: { roles },
      });

      expectRefused(response, 'CANNOT_MODIFY_OWN_ROLES');
    }
    expect(await projectRolesOf(userAdmin.id)).toEqual(['GROUP_USER_ADMIN']);
  });

  it('should refuse a GROUP_USER_ADMIN key minting an owner key, and create no key', async () => {
    const before = await keyCount();
    const response = await call('POST', `${t.apiUrl}/groups/${project.id}/apiKeys`, {
      auth: userAdmin,
      body: { desc: 'minted owner', roles: ['GROUP_OWNER'] },
    });

    expectRefused(response, 'NOT_GROUP_USER_ADMIN');
    expect(response.body.detail).toContain('GROUP_OWNER');
    expect(await keyCount()).toBe(before);
  });

  it('should refuse a GROUP_USER_ADMIN key making or unmaking another key GROUP_OWNER', async () => {
    const other = await createOrgApiKey(t, admin, org.id, ['ORG_MEMBER'], 'other');
    const raise = await call('PATCH', `${t.apiUrl}/groups/${project.id}/apiKeys/${other.id}`, {
      auth: userAdmin,
      body: { roles: ['GROUP_OWNER'] },
    });
    expectRefused(raise, 'NOT_GROUP_USER_ADMIN');
    expect(await projectRolesOf(other.id)).toEqual([]);

    await assignKeyToProject(t, admin, project.id, other.id, ['GROUP_OWNER']);
    const unassign = await call('DELETE', `${t.apiUrl}/groups/${project.id}/apiKeys/${other.id}`, {
      auth: userAdmin,
    });
    expectRefused(unassign, 'NOT_GROUP_USER_ADMIN');
    expect(await projectRolesOf(other.id)).toEqual(['GROUP_OWNER']);
  });

  it('should still let a GROUP_USER_ADMIN key grant the roles below GROUP_OWNER', async () => {
    const minted = await call('POST', `${t.apiUrl}/groups/${project.id}/apiKeys`, {
      auth: userAdmin,
      body: { desc: 'monitoring', roles: ['GROUP_MONITORING_ADMIN', 'GROUP_USER_ADMIN'] },
    });
    expect(minted.status).toBe(200);
    const reassigned = await call('PATCH', `${t.apiUrl}/groups/${project.id}/apiKeys/${minted.body.id}`, {
      auth: userAdmin,
      body: { roles: ['GROUP_READ_ONLY'] },
    });
    expect(reassigned.status).toBe(200);
  });

  it('should never let a caller grant a project role it could not grant, for random caller and target roles', async () => {
    let granted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(['ORG_MEMBER', 'ORG_READ_ONLY', 'ORG_OWNER'], { minLength: 1 }),
        fc.subarray(PROJECT_ROLES),
        fc.subarray(PROJECT_ROLES, { minLength: 1 }),
        async (callerOrgRoles, callerProjectRoles, targetRoles) => {
          const caller = await createOrgApiKey(t, admin, org.id, callerOrgRoles);
          if (callerProjectRoles.length > 0)
            await assignKeyToProject(t, admin, project.id, caller.id, callerProjectRoles);
          const allowed = targetRoles.every((role) =>
            mayGrantProjectRole(callerOrgRoles, callerProjectRoles, role),
          );

          const minted = await call('POST', `${t.apiUrl}/groups/${project.id}/apiKeys`, {
            auth: caller,
            body: { desc: 'property', roles: targetRoles },
          });
          const self = await call('PATCH', `${t.apiUrl}/groups/${project.id}/apiKeys/${caller.id}`, {
            auth: caller,
            body: { roles: [...new Set([...callerProjectRoles, ...targetRoles])] },
          });

          if (allowed) {
            expect(minted.status).toBe(200);
            granted += 1;
          } else {
            expectRefused(minted);
            refused += 1;
          }
          const changesOwn = targetRoles.some((role) => !callerProjectRoles.includes(role));
          if (changesOwn) expectRefused(self);
          expect(await projectRolesOf(caller.id)).toEqual([...callerProjectRoles].sort());
        },
      ),
      { seed: 5, numRuns: 40 },
    );
    // Both sides of the rule were exercised.
    expect(granted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 600_000);
});

describe('PATCH /orgs/{orgId}/apiKeys/{apiKeyId}: no self-change of roles', () => {
  let t: TestApp;
  let admin: ApiKeyCredentials;
  let org: OrgView;
  let owner: ApiKeyCredentials;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await bootstrapFirstUser(t)).globalKey;
    org = await createOrg(t, admin, 'Owner org');
    owner = await createOrgApiKey(t, admin, org.id, ['ORG_OWNER'], 'owner');
  });

  afterAll(async () => {
    await t.close();
  });

  it('should refuse an organization owner key changing its own roles, and keep its description', async () => {
    const response = await call('PATCH', `${t.apiUrl}/orgs/${org.id}/apiKeys/${owner.id}`, {
      auth: owner,
      body: { desc: 'renamed', roles: ['ORG_OWNER', 'ORG_MEMBER'] },
    });

    expectRefused(response, 'CANNOT_MODIFY_OWN_ROLES');
    const key = await call('GET', `${t.apiUrl}/orgs/${org.id}/apiKeys/${owner.id}`, { auth: admin });
    expect(key.body.desc).toBe('owner');
    expect(key.body.roles).toEqual([{ orgId: org.id, roleName: 'ORG_OWNER' }]);
  });

  it('should let the key rename itself and resend its own roles unchanged', async () => {
    const response = await call('PATCH', `${t.apiUrl}/orgs/${org.id}/apiKeys/${owner.id}`, {
      auth: owner,
      body: { desc: 'renamed', roles: ['ORG_OWNER'] },
    });

    expect(response.status).toBe(200);
    expect(response.body.desc).toBe('renamed');
  });

  it('should let the organization owner change another key and the global owner change any', async () => {
    const other = await createOrgApiKey(t, owner, org.id, ['ORG_MEMBER'], 'other');
    const byOwner = await call('PATCH', `${t.apiUrl}/orgs/${org.id}/apiKeys/${other.id}`, {
      auth: owner,
      body: { roles: ['ORG_OWNER'] },
    });
    expect(byOwner.status).toBe(200);
    const byAdmin = await call('PATCH', `${t.apiUrl}/orgs/${org.id}/apiKeys/${owner.id}`, {
      auth: admin,
      body: { roles: ['ORG_READ_ONLY'] },
    });
    expect(byAdmin.status).toBe(200);
  });
});
