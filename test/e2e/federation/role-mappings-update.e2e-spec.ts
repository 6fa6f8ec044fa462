import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import { eventsOf, roleMappingsUrl, startFederationApp, type FederationWorld } from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('PUT /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings/{roleMappingId}', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  let mappingId: string;
  let otherId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    const create = async (externalGroupName: string) =>
      (
        await call('POST', roleMappingsUrl(t, federationId, w.orgA), {
          auth: w.ownerA,
          body: { externalGroupName, roleAssignments: [{ orgId: w.orgA, role: 'ORG_MEMBER' }] },
        })
      ).body.id as string;
    mappingId = await create('readers');
    otherId = await create('owners');
  });

  afterAll(async () => {
    await t.close();
  });

  const put = (body: Record<string, unknown>, auth = w.ownerA, id = mappingId) =>
    call('PUT', roleMappingsUrl(t, federationId, w.orgA, id), { auth, body });

  it('should replace the mapping and record ROLE_MAPPING_UPDATED with the changes', async () => {
    const response = await put({
      externalGroupName: 'project-readers',
      id: mappingId,
      roleAssignments: [{ groupId: w.projectA, orgId: null, role: 'GROUP_READ_ONLY' }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      externalGroupName: 'project-readers',
      id: mappingId,
      roleAssignments: [{ groupId: w.projectA, orgId: null, role: 'GROUP_READ_ONLY' }],
    });
    const read = await call('GET', roleMappingsUrl(t, federationId, w.orgA, mappingId), { auth: w.ownerA });
    expect(read.body).toEqual(response.body);
    const [event] = await eventsOf(t, 'ROLE_MAPPING_UPDATED');
    expect(event.org_id).toBe(w.orgA);
    expect(event.diffs?.[0].params?.map((param) => param.param)).toEqual([
      'externalGroupName',
      'roleAssignments',
    ]);
  });

  it('should refuse an id in the body that differs from the path as read-only', async () => {
    const response = await put({
      externalGroupName: 'x',
      id: otherId,
      roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }],
    });
    expectApiError(response, 400, 'ATTRIBUTE_READ_ONLY', ['id']);
  });

  it('should refuse the name of another mapping with 409 and accept its own', async () => {
    const taken = await put({
      externalGroupName: 'owners',
      roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }],
    });
    expectApiError(taken, 409, 'ROLE_MAPPING_ALREADY_EXISTS');
    const own = await put({
      externalGroupName: 'project-readers',
      roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }],
    });
    expect(own.status).toBe(200);
  });

  it('should apply the role assignment rules when replacing', async () => {
    const response = await put({
      externalGroupName: 'x',
      roleAssignments: [{ groupId: w.projectB, role: 'GROUP_OWNER' }],
    });
    expectApiError(response, 400, 'ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG');
  });

  it('should answer 404 ROLE_MAPPING_NOT_FOUND when the mapping is unknown', async () => {
    const response = await put(
      { externalGroupName: 'x', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
      w.ownerA,
      '61e89721b827b56c845ff44c',
    );
    expectApiError(response, 404, 'ROLE_MAPPING_NOT_FOUND');
  });

  it('should refuse with 401 when the caller is not an owner of the organization', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await put(
        { externalGroupName: 'x', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
        auth,
      );
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});
