import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  connectedOrgUrl,
  eventsOf,
  patchConnectedOrg,
  roleMappingsUrl,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

interface Mapping {
  id: string;
  externalGroupName: string;
  roleAssignments: Array<{ groupId: string | null; orgId: string | null; role: string }>;
}

describe('PATCH /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId} (roleMappings)', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
  });

  afterAll(async () => {
    await t.close();
  });

  const replace = (roleMappings: unknown[]) =>
    patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: false,
      roleMappings,
    }) as Promise<{
      roleMappings: Mapping[];
    }>;
  const member = (orgId: string) => [{ groupId: null, orgId, role: 'ORG_MEMBER' }];

  it('should replace the mappings, keeping ids by id or by name, and audit each change', async () => {
    const first = await replace([
      { externalGroupName: 'a', roleAssignments: member(w.orgA) },
      { externalGroupName: 'b', roleAssignments: member(w.orgA) },
      { externalGroupName: 'c', roleAssignments: member(w.orgA) },
    ]);
    const [a, b, c] = first.roleMappings;
    expect(first.roleMappings.map((mapping) => mapping.externalGroupName)).toEqual(['a', 'b', 'c']);

    // b is renamed by id, a keeps its id by name, c is dropped, d is new; swapping names is safe.
    const second = await replace([
      { externalGroupName: 'b', roleAssignments: member(w.orgA) },
      { id: b.id, externalGroupName: 'a', roleAssignments: [{ groupId: w.projectA, role: 'GROUP_OWNER' }] },
      { externalGroupName: 'd', roleAssignments: member(w.orgA) },
    ]);
    const byName = Object.fromEntries(
      second.roleMappings.map((mapping) => [mapping.externalGroupName, mapping]),
    );
    expect(byName.a.id).toBe(b.id);
    expect(byName.a.roleAssignments).toEqual([{ groupId: w.projectA, orgId: null, role: 'GROUP_OWNER' }]);
    expect(byName.b.id).not.toBe(b.id);
    expect([a.id, c.id]).not.toContain(byName.d.id);
    expect(second.roleMappings.map((mapping) => mapping.id)).not.toContain(c.id);

    const listed = await call('GET', roleMappingsUrl(t, federationId, w.orgA), { auth: w.ownerA });
    expect(listed.body.totalCount).toBe(3);
    expect((await eventsOf(t, 'ROLE_MAPPING_CREATED')).length).toBe(3 + 2);
    expect((await eventsOf(t, 'ROLE_MAPPING_UPDATED')).map((event) => event.raw?.roleMappingId)).toEqual([
      b.id,
    ]);
    expect(
      (await eventsOf(t, 'ROLE_MAPPING_DELETED')).map((event) => event.raw?.roleMappingId).sort(),
    ).toEqual([a.id, c.id].sort());
  });

  it('should keep the mappings when roleMappings is omitted and remove them all when it is empty', async () => {
    const kept = await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: false,
    });
    expect(kept.roleMappings).toHaveLength(3);
    expect((await replace([])).roleMappings).toEqual([]);
  });

  it('should refuse duplicate names and bad assignments naming the item, and change nothing', async () => {
    await replace([{ externalGroupName: 'keep', roleAssignments: member(w.orgA) }]);
    const url = connectedOrgUrl(t, federationId, w.orgA);
    const duplicate = await call('PATCH', url, {
      auth: w.ownerA,
      body: {
        domainRestrictionEnabled: true,
        orgId: w.orgA,
        roleMappings: [
          { externalGroupName: 'x', roleAssignments: member(w.orgA) },
          { externalGroupName: 'x', roleAssignments: member(w.orgA) },
        ],
      },
    });
    expectApiError(duplicate, 400, 'DUPLICATE_EXTERNAL_GROUP_NAMES_IN_INPUT', ['x']);
    const outside = await call('PATCH', url, {
      auth: w.ownerA,
      body: {
        domainRestrictionEnabled: true,
        orgId: w.orgA,
        roleMappings: [
          { externalGroupName: 'ok', roleAssignments: member(w.orgA) },
          { externalGroupName: 'bad', roleAssignments: member(w.orgB) },
        ],
      },
    });
    expectApiError(outside, 400, 'ROLE_ASSIGNMENT_OUTSIDE_CONNECTED_ORG', [
      'roleMappings[1].roleAssignments[0]',
      `organization ${w.orgB}`,
      w.orgA,
    ]);
    const invalid = await call('PATCH', url, {
      auth: w.ownerA,
      body: {
        domainRestrictionEnabled: true,
        orgId: w.orgA,
        roleMappings: [{ externalGroupName: 'y', roleAssignments: [{ role: 'OWNER' }] }],
      },
    });
    expectApiError(invalid, 400, 'INVALID_ENUM_VALUE', {
      detail: expect.stringContaining('roleMappings[0].roleAssignments[0].role'),
    });
    const config = await call('GET', url, { auth: w.ownerA });
    expect(config.body.domainRestrictionEnabled).toBe(false);
    expect(config.body.roleMappings.map((mapping: Mapping) => mapping.externalGroupName)).toEqual(['keep']);
  });
});
