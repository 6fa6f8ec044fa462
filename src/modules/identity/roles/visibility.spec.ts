import { visibilityOf } from './visibility';

describe('visibilityOf', () => {
  it('should see everything when the caller holds a global role', () => {
    expect(visibilityOf([{ roleName: 'GLOBAL_READ_ONLY' }]).everything).toBe(true);
  });

  it('should see all projects of an org when the caller is its owner or read-only member', () => {
    const v = visibilityOf([
      { roleName: 'ORG_OWNER', orgId: 'a' },
      { roleName: 'ORG_READ_ONLY', orgId: 'b' },
      { roleName: 'ORG_MEMBER', orgId: 'c' },
      { roleName: 'GROUP_READ_ONLY', groupId: 'g' },
    ]);
    expect(v).toEqual({
      everything: false,
      orgIds: ['a', 'b', 'c'],
      allProjectsOfOrgIds: ['a', 'b'],
      groupIds: ['g'],
    });
  });
});
