import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import { eventsOf, roleMappingsUrl, startFederationApp, type FederationWorld } from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('POST /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (body: Record<string, unknown>, auth = w.ownerA, orgId = w.orgA) =>
    call('POST', roleMappingsUrl(t, federationId, orgId), { auth, body });

  it('should create the mapping with 200 and record ROLE_MAPPING_CREATED when the assignments are in the organization', async () => {
    const response = await post({
      externalGroupName: 'dms-admins',
      roleAssignments: [
        { groupId: null, orgId: w.orgA, role: 'ORG_OWNER' },
        { groupId: w.projectA, role: 'GROUP_READ_ONLY' },
        { orgId: w.orgA, role: 'ORG_OWNER' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      externalGroupName: 'dms-admins',
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      roleAssignments: [
        { groupId: null, orgId: w.orgA, role: 'ORG_OWNER' },
        { groupId: w.projectA, orgId: null, role: 'GROUP_READ_ONLY' },
      ],
    });
    const [event] = await eventsOf(t, 'ROLE_MAPPING_CREATED');
    expect(event).toMatchObject({
      org_id: w.orgA,
      group_id: null,
      raw: expect.objectContaining({ federationSettingsId: federationId, roleMappingId: response.body.id }),
    });
    const settings = await call('GET', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA });
    expect(settings.body.hasRoleMappings).toBe(true);
  });

  it('should refuse a second mapping for the same external group with 409 ROLE_MAPPING_ALREADY_EXISTS', async () => {
    const response = await post({
      externalGroupName: 'dms-admins',
      roleAssignments: [{ orgId: w.orgA, role: 'ORG_MEMBER' }],
    });
    expectApiError(response, 409, 'ROLE_MAPPING_ALREADY_EXISTS', ['dms-admins', w.orgA]);
  });

  it('should refuse assignments with the wrong scope using the product role codes', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ groupId: w.projectA, orgId: null, role: 'ORG_MEMBER' }, 'ROLE_NEEDS_NO_GROUP_ID'],
      [{ role: 'ORG_MEMBER' }, 'ROLE_NEEDS_ORG_ID'],
      [{ orgId: w.orgA, role: 'GROUP_OWNER' }, 'ROLE_NEEDS_NO_ORG_ID'],
      [{ role: 'GROUP_OWNER' }, 'ROLE_NEEDS_GROUP_ID'],
    ];
    for (const [assignment, errorCode] of cases) {
      const response = await post({ externalGroupName: 'scoped', roleAssignments: [assignment] });
      expectApiError(response, 400, errorCode, [assignment.role, 'roleAssignments[0]']);
    }
  });

  it('should refuse an organization or project outside the connected organization with one code', async () => {
    for (const assignment of [
      { orgId: w.orgB, role: 'ORG_OWNER' },
      { groupId: w.projectB, role: 'GROUP_OWNER' },
      { groupId: '5c8100bcf2a30b12ff88258f', role: 'GROUP_OWNER' },
    ]) {
      const response = await post({ externalGroupName: 'outside', roleAssignments: [assignment] });
      expectApiError(response, 400, 'ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG');
      expect(response.body.parameters[2]).toBe(w.orgA);
    }
  });

  it('should name the invalid field when the body is malformed', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] }, 'MISSING_ATTRIBUTE', 'externalGroupName'],
      [{ externalGroupName: 'x' }, 'MISSING_ATTRIBUTE', 'roleAssignments'],
      [{ externalGroupName: 'x', roleAssignments: [] }, 'VALIDATION_ERROR', 'roleAssignments'],
      [
        { externalGroupName: 'x', roleAssignments: [{ orgId: w.orgA, role: 'ORG_ADMIN' }] },
        'INVALID_ENUM_VALUE',
        'roleAssignments[0].role',
      ],
      [
        { externalGroupName: 'x', roleAssignments: [{ orgId: 'org', role: 'ORG_OWNER' }] },
        'VALIDATION_ERROR',
        'roleAssignments[0].orgId',
      ],
      [
        {
          externalGroupName: 'x',
          id: '61e89721b827b56c845ff44c',
          roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }],
        },
        'INVALID_ATTRIBUTE',
        'id',
      ],
    ];
    for (const [body, errorCode, field] of cases) {
      const response = await post(body);
      expectApiError(response, 400, errorCode, { detail: expect.stringContaining(field) });
    }
  });

  it('should refuse with 401 when the caller is not an owner of the organization', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await post(
        { externalGroupName: 'intruders', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
        auth,
      );
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });

  it('should answer 404 when the organization is not connected to the federation', async () => {
    const response = await post(
      { externalGroupName: 'b', roleAssignments: [{ orgId: w.orgB, role: 'ORG_OWNER' }] },
      w.ownerAB,
      w.orgB,
    );
    expectApiError(response, 404, 'CONNECTED_ORG_CONFIG_NOT_FOUND');
  });
});
