import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  connectedOrgUrl,
  patchConnectedOrg,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: true,
      domainAllowList: ['example.org'],
      postAuthRoleGrants: ['ORG_OWNER'],
      roleMappings: [
        { externalGroupName: 'example', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
      ],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (auth = w.ownerA, orgId = w.orgA, slash = true, fid = federationId) =>
    call('GET', connectedOrgUrl(t, fid, orgId, slash), { auth });

  it('should answer the configuration in the product shape with and without the trailing slash', async () => {
    for (const slash of [true, false]) {
      const response = await get(w.ownerA, w.orgA, slash);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        domainAllowList: ['example.org'],
        domainRestrictionEnabled: true,
        identityProviderId: null,
        orgId: w.orgA,
        postAuthRoleGrants: ['ORG_OWNER'],
        roleMappings: [
          {
            externalGroupName: 'example',
            id: expect.stringMatching(/^[0-9a-f]{24}$/),
            roleAssignments: [{ groupId: null, orgId: w.orgA, role: 'ORG_OWNER' }],
          },
        ],
        userConflicts: [
          {
            emailAddress: 'jane.doe@example.com',
            federationSettingsId: federationId,
            firstName: 'Jane',
            lastName: 'Doe',
            userId: w.boot.user.id,
          },
        ],
      });
    }
  });

  it("should answer CONNECTED_ORG_CONFIG_NOT_FOUND when the caller's organization is not connected to a federation it can see", async () => {
    const response = await get(w.ownerAB, w.orgB);
    expectApiError(response, 404, 'CONNECTED_ORG_CONFIG_NOT_FOUND', {
      detail: `Organization ${w.orgB} is not connected to federation ${federationId}.`,
    });
  });

  it("should answer FEDERATION_SETTINGS_NOT_FOUND when the federation is unknown or not the caller's to see", async () => {
    for (const [auth, orgId, fid] of [
      [w.ownerB, w.orgB, federationId],
      [w.ownerA, w.orgA, '5e8cc670a16506712e0b1e99'],
      [w.ownerA, w.orgA, 'not-an-id'],
    ] as const) {
      const response = await get(auth, orgId, true, fid);
      expectApiError(response, 404, 'FEDERATION_SETTINGS_NOT_FOUND');
    }
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the caller is a member or owns another organization', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await get(auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});

describe('GET /federationSettings/{federationSettingsId}/connectedOrgConfigs', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    await patchConnectedOrg(t, w.ownerAB, federationId, w.orgB, {
      domainRestrictionEnabled: true,
      domainAllowList: [],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const list = (auth = w.ownerA, query = '', fid = federationId) =>
    call('GET', `${t.apiUrl}/federationSettings/${fid}/connectedOrgConfigs${query}`, { auth });

  it('should list the connected organizations in connection order to an owner of any of them', async () => {
    for (const auth of [w.ownerA, w.ownerB]) {
      const response = await list(auth);
      expect(response.status).toBe(200);
      expect(response.body.totalCount).toBe(2);
      expect(response.body.results.map((config: { orgId: string }) => config.orgId)).toEqual([
        w.orgA,
        w.orgB,
      ]);
    }
    const second = await list(w.ownerA, '?itemsPerPage=1&pageNum=2');
    expect(second.body.results).toEqual([
      expect.objectContaining({ orgId: w.orgB, domainRestrictionEnabled: true, userConflicts: [] }),
    ]);
  });

  it('should refuse with 401 when the caller owns no connected organization, existing federation or not', async () => {
    for (const [auth, fid] of [
      [w.memberA, federationId],
      [w.ownerC, federationId],
      [w.ownerC, '5e8cc670a16506712e0b1e99'],
    ] as const) {
      const response = await list(auth, '', fid);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});
