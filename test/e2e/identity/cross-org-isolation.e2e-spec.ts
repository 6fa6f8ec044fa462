import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents, type AuditRow } from './audit-events';
import { buildWorld, type World } from './world';

interface Probe {
  route: string;
  path: (w: World) => string;
  body?: (w: World) => unknown;
  status: number;
  errorCode: string;
}

// Every identity endpoint, called by the owner key of organization B against organization A's data.
const PROBES: Probe[] = [
  {
    route: 'GET /orgs/{orgId}',
    path: (w) => `/orgs/${w.orgA.id}`,
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'GET /orgs/{orgId}/groups',
    path: (w) => `/orgs/${w.orgA.id}/groups`,
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'GET /orgs/{orgId}/apiKeys',
    path: (w) => `/orgs/${w.orgA.id}/apiKeys`,
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'GET /orgs/{orgId}/apiKeys/{apiKeyId}',
    path: (w) => `/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`,
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'POST /orgs/{orgId}/apiKeys',
    path: (w) => `/orgs/${w.orgA.id}/apiKeys`,
    body: () => ({ desc: 'x', roles: ['ORG_OWNER'] }),
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'PATCH /orgs/{orgId}/apiKeys/{apiKeyId}',
    path: (w) => `/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`,
    body: () => ({ roles: ['ORG_OWNER'] }),
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'DELETE /orgs/{orgId}/apiKeys/{apiKeyId}',
    path: (w) => `/orgs/${w.orgA.id}/apiKeys/${w.memberA.id}`,
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'GET /orgs/{orgId}/apiKeys/{apiKeyId} (own org, key of A)',
    path: (w) => `/orgs/${w.orgB.id}/apiKeys/${w.memberA.id}`,
    status: 400,
    errorCode: 'API_KEY_NOT_FOUND',
  },
  {
    route: 'PATCH /orgs/{orgId}/apiKeys/{apiKeyId} (own org, key of A)',
    path: (w) => `/orgs/${w.orgB.id}/apiKeys/${w.memberA.id}`,
    body: () => ({ desc: 'x' }),
    status: 400,
    errorCode: 'API_KEY_NOT_FOUND',
  },
  {
    route: 'DELETE /orgs/{orgId}/apiKeys/{apiKeyId} (own org, key of A)',
    path: (w) => `/orgs/${w.orgB.id}/apiKeys/${w.memberA.id}`,
    status: 400,
    errorCode: 'API_KEY_NOT_FOUND',
  },
  {
    route: 'PATCH /groups/{groupId}/apiKeys/{apiKeyId} (own project, key of A)',
    path: (w) => `/groups/${w.projectB.id}/apiKeys/${w.memberA.id}`,
    body: () => ({ roles: ['GROUP_OWNER'] }),
    status: 400,
    errorCode: 'API_KEY_NOT_FOUND',
  },
  {
    route: 'POST /groups (orgId of A)',
    path: () => '/groups',
    body: (w) => ({ name: 'intruder', orgId: w.orgA.id }),
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'GET /groups/{groupId}',
    path: (w) => `/groups/${w.projectA.id}`,
    status: 401,
    errorCode: 'NOT_IN_GROUP',
  },
  {
    route: 'GET /groups/byName/{groupName}',
    path: () => '/groups/byName/Project%20A',
    status: 401,
    errorCode: 'NOT_IN_GROUP',
  },
  {
    route: 'GET /groups/{groupId}/apiKeys',
    path: (w) => `/groups/${w.projectA.id}/apiKeys`,
    status: 401,
    errorCode: 'NOT_IN_GROUP',
  },
  {
    route: 'POST /groups/{groupId}/apiKeys',
    path: (w) => `/groups/${w.projectA.id}/apiKeys`,
    body: () => ({ desc: 'x', roles: ['GROUP_OWNER'] }),
    status: 401,
    errorCode: 'NOT_IN_GROUP',
  },
  {
    route: 'PATCH /groups/{groupId}/apiKeys/{apiKeyId} (project of A, own key)',
    path: (w) => `/groups/${w.projectA.id}/apiKeys/${w.ownerB.id}`,
    body: () => ({ roles: ['GROUP_OWNER'] }),
    status: 401,
    errorCode: 'NOT_IN_GROUP',
  },
  {
    route: 'DELETE /groups/{groupId}/apiKeys/{apiKeyId}',
    path: (w) => `/groups/${w.projectA.id}/apiKeys/${w.projectReaderA.id}`,
    status: 401,
    errorCode: 'NOT_IN_GROUP',
  },
  {
    route: 'GET /users/{userId}',
    path: (w) => `/users/${w.user.id}`,
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'GET /users/byName/{userName}',
    path: () => '/users/byName/jane.doe@example.com',
    status: 401,
    errorCode: 'USER_UNAUTHORIZED',
  },
  {
    route: 'POST /orgs',
    path: () => '/orgs',
    body: () => ({ name: 'mine now' }),
    status: 401,
    errorCode: 'API_KEY_CANNOT_CREATE_ORG',
  },
];

// Each route is called by the owner key of organization B with organization A's ids (or A's key in B's path).
let t: TestApp;
let w: World;
let eventsBefore: AuditRow[];

beforeAll(async () => {
  t = await startTestApp();
  w = await buildWorld(t);
  eventsBefore = await auditEvents(t);
});

afterAll(async () => {
  await t.close();
});

for (const probe of PROBES) {
  describe(probe.route, () => {
    it(`should refuse with ${probe.errorCode} when a key of another organization calls it`, async () => {
      const response = await call(probe.route.split(' ')[0] ?? 'GET', `${t.apiUrl}${probe.path(w)}`, {
        auth: w.ownerB,
        body: probe.body?.(w),
      });

      expectApiError(response, probe.status, probe.errorCode);
    });
  });
}

describe('GET /orgs/{orgId}/apiKeys after calls from another organization', () => {
  it('should show organization A untouched and no new event when every call was refused', async () => {
    const keys = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/apiKeys`, { auth: w.ownerA });
    const projects = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/groups`, { auth: w.ownerA });

    expect(keys.body.totalCount).toBe(5);
    expect(keys.body.results.find((k: { id: string }) => k.id === w.memberA.id).roles).toEqual([
      { orgId: w.orgA.id, roleName: 'ORG_MEMBER' },
    ]);
    expect(projects.body.totalCount).toBe(2);
    expect(await auditEvents(t)).toEqual(eventsBefore);
  });
});
