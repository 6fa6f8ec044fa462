import type { RoleAssignment, RoleMappingEntity } from './role-mapping.entity';
import {
  duplicateExternalGroupName,
  mappingChanged,
  matchExistingMappings,
  planRoleMappingReplacement,
  roleMappingDiff,
} from './role-mapping-replacement';

const ORG = '5df7a168f10fab3a149357fb';
const EARLIER = new Date('2026-01-01T00:00:00Z');
const NOW = new Date('2026-02-01T00:00:00Z');
const OWNER: RoleAssignment[] = [{ groupId: null, orgId: ORG, role: 'ORG_OWNER' }];
const MEMBER: RoleAssignment[] = [{ groupId: null, orgId: ORG, role: 'ORG_MEMBER' }];

function mapping(id: string, externalGroupName: string, roleAssignments = OWNER): RoleMappingEntity {
  return { id, orgId: ORG, externalGroupName, roleAssignments, created: EARLIER, updated: EARLIER };
}

function sequentialIds(): () => string {
  let next = 0;
  return () => `new-${++next}`;
}

describe('duplicateExternalGroupName', () => {
  it('should name the first externalGroupName given twice', () => {
    const items = [{ externalGroupName: 'a' }, { externalGroupName: 'b' }, { externalGroupName: 'a' }];
    expect(duplicateExternalGroupName(items)).toBe('a');
  });

  it('should find none in distinct names or an empty list', () => {
    expect(
      duplicateExternalGroupName([{ externalGroupName: 'a' }, { externalGroupName: 'A' }]),
    ).toBeUndefined();
    expect(duplicateExternalGroupName([])).toBeUndefined();
  });
});

describe('matchExistingMappings', () => {
  it('should keep a mapping by its id before another item can take it by name', () => {
    const alpha = mapping('m1', 'alpha');
    const beta = mapping('m2', 'beta');
    // The first item renames beta to alpha; the second names alpha by id under a new name.
    const { matched, unmatched } = matchExistingMappings(
      [alpha, beta],
      [{ externalGroupName: 'alpha' }, { id: 'm1', externalGroupName: 'gamma' }],
    );
    expect(matched).toEqual([undefined, alpha]);
    expect(unmatched).toEqual([beta]);
  });

  it('should keep a mapping by name when the item has no id or an unknown one', () => {
    const alpha = mapping('m1', 'alpha');
    const beta = mapping('m2', 'beta');
    const { matched, unmatched } = matchExistingMappings(
      [alpha, beta],
      [
        { id: 'unknown', externalGroupName: 'beta' },
        { id: null, externalGroupName: 'alpha' },
      ],
    );
    expect(matched).toEqual([beta, alpha]);
    expect(unmatched).toEqual([]);
  });

  it('should leave unmatched the mappings no item names, in their list order', () => {
    const mappings = [mapping('m1', 'a'), mapping('m2', 'b'), mapping('m3', 'c')];
    const { unmatched } = matchExistingMappings(mappings, [{ externalGroupName: 'b' }]);
    expect(unmatched.map((m) => m.id)).toEqual(['m1', 'm3']);
  });
});

describe('planRoleMappingReplacement', () => {
  it('should keep the id and dates of an unchanged mapping, and date a changed one now', () => {
    const same = mapping('m1', 'same');
    const renamed = mapping('m2', 'old-name');
    const { next, removed } = planRoleMappingReplacement(
      [same, renamed],
      [
        { id: 'm1', externalGroupName: 'same' },
        { id: 'm2', externalGroupName: 'new-name' },
      ],
      [OWNER, OWNER],
      { orgId: ORG, now: NOW, newId: sequentialIds() },
    );
    expect(removed).toEqual([]);
    expect(next).toEqual([
      { before: same, after: { ...same } },
      { before: renamed, after: { ...renamed, externalGroupName: 'new-name', updated: NOW } },
    ]);
  });

  it('should create what no mapping matches, in the order sent, and remove what no item keeps', () => {
    const gone = mapping('m1', 'gone');
    const { next, removed } = planRoleMappingReplacement(
      [gone],
      [{ externalGroupName: 'first' }, { externalGroupName: 'second' }],
      [OWNER, MEMBER],
      { orgId: ORG, now: NOW, newId: sequentialIds() },
    );
    expect(removed).toEqual([gone]);
    expect(next).toEqual([
      {
        before: undefined,
        after: {
          id: 'new-1',
          orgId: ORG,
          externalGroupName: 'first',
          roleAssignments: OWNER,
          created: NOW,
          updated: NOW,
        },
      },
      {
        before: undefined,
        after: {
          id: 'new-2',
          orgId: ORG,
          externalGroupName: 'second',
          roleAssignments: MEMBER,
          created: NOW,
          updated: NOW,
        },
      },
    ]);
  });

  it('should date now a mapping whose role assignments changed', () => {
    const kept = mapping('m1', 'team');
    const { next } = planRoleMappingReplacement([kept], [{ externalGroupName: 'team' }], [MEMBER], {
      orgId: ORG,
      now: NOW,
      newId: sequentialIds(),
    });
    expect(next[0].after).toEqual({ ...kept, roleAssignments: MEMBER, updated: NOW });
  });
});

describe('mappingChanged', () => {
  it('should see a new name or new assignments as a change, and equal ones as none', () => {
    const kept = mapping('m1', 'team');
    expect(mappingChanged(kept, 'team', [...OWNER])).toBe(false);
    expect(mappingChanged(kept, 'other', OWNER)).toBe(true);
    expect(mappingChanged(kept, 'team', MEMBER)).toBe(true);
  });
});

describe('roleMappingDiff', () => {
  it('should describe a creation with every field as new', () => {
    expect(roleMappingDiff(undefined, mapping('m1', 'team'))).toEqual({
      id: 'm1',
      name: 'team',
      type: 'ROLE_MAPPING',
      status: 'NEW',
      params: [
        { param: 'externalGroupName', old: undefined, new: 'team' },
        { param: 'roleAssignments', old: undefined, new: OWNER },
      ],
    });
  });

  it('should describe a change with only the fields that changed', () => {
    expect(roleMappingDiff(mapping('m1', 'team'), mapping('m1', 'team', MEMBER))).toEqual({
      id: 'm1',
      name: 'team',
      type: 'ROLE_MAPPING',
      status: 'MODIFIED',
      params: [{ param: 'roleAssignments', old: OWNER, new: MEMBER }],
    });
  });

  it('should describe a removal under the removed name', () => {
    expect(roleMappingDiff(mapping('m1', 'team'), undefined)).toMatchObject({
      id: 'm1',
      name: 'team',
      status: 'REMOVED',
    });
  });
});
