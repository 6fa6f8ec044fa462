import fc from 'fast-check';
import type { RoleAssignment } from './principal';
import {
  assertMayChangeRoles,
  diffRoles,
  GLOBAL_ROLE_NAMES,
  type GrantScope,
  mayGrant,
  mayManageMembers,
  ORG_ROLE_NAMES,
  PROJECT_ROLE_NAMES,
  roleBeyondReach,
  roleKind,
  scopeOf,
} from './role-grants';
import { hasGlobalRole, hasProjectRole } from './role-hierarchy';

// The interesting combinations (an admin role on exactly the scope asked about) are rare in small
// random role sets: enough runs that each property meets them many times.
const RUNS = { numRuns: 3000 };

// Two organizations with two projects each, so cross-scope mistakes have somewhere to show.
const ORGS = ['o1', 'o2'];
const PROJECTS: Record<string, string> = { g1: 'o1', g2: 'o1', g3: 'o2', g4: 'o2' };
const orgOfGroup = (groupId: string): string | null => PROJECTS[groupId] ?? null;

const anyRoleName = fc.constantFrom(...GLOBAL_ROLE_NAMES, ...ORG_ROLE_NAMES, ...PROJECT_ROLE_NAMES);

const assignment: fc.Arbitrary<RoleAssignment> = fc.oneof(
  fc.constantFrom(...GLOBAL_ROLE_NAMES).map((roleName) => ({ roleName })),
  fc
    .tuple(fc.constantFrom(...ORG_ROLE_NAMES), fc.constantFrom(...ORGS))
    .map(([roleName, orgId]) => ({ roleName, orgId })),
  fc
    .tuple(fc.constantFrom(...PROJECT_ROLE_NAMES), fc.constantFrom(...Object.keys(PROJECTS)))
    .map(([roleName, groupId]) => ({ roleName, groupId })),
);
const roleSet = fc.array(assignment, { maxLength: 6 });

const scope: fc.Arbitrary<GrantScope> = fc.oneof(
  fc.constant<GrantScope>({ kind: 'global' }),
  fc.constantFrom(...ORGS).map((orgId): GrantScope => ({ kind: 'org', orgId })),
  fc
    .constantFrom(...Object.keys(PROJECTS))
    .map((groupId): GrantScope => ({ kind: 'project', groupId, orgId: PROJECTS[groupId] })),
);

// What "the right to manage users here" means, spelled through the role hierarchy, independent of
// mayGrant's own code.
function administers(roles: RoleAssignment[], where: GrantScope): boolean {
  if (hasGlobalRole(roles, ['GLOBAL_USER_ADMIN'])) return true;
  if (where.kind === 'org') return roles.some((r) => r.orgId === where.orgId && r.roleName === 'ORG_OWNER');
  if (where.kind === 'project')
    return hasProjectRole(roles, where.groupId, where.orgId, ['GROUP_USER_ADMIN']);
  return false;
}

function refusedWith(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { errorCode?: string }).errorCode ?? 'UNKNOWN';
  }
}

describe('role grants', () => {
  it('grants only roles of the scope kind, and only by someone who administers that scope', () => {
    fc.assert(
      fc.property(roleSet, anyRoleName, scope, (roles, roleName, where) => {
        if (!mayGrant({ roles }, roleName, where)) return;
        expect(roleKind(roleName)).toBe(where.kind);
        expect(administers(roles, where)).toBe(true);
      }),
      RUNS,
    );
  });

  it('never grants a role above the grantor: GLOBAL_OWNER only by a global owner, GROUP_OWNER only by a project owner or global user admin', () => {
    fc.assert(
      fc.property(roleSet, scope, (roles, where) => {
        if (mayGrant({ roles }, 'GLOBAL_OWNER', where))
          expect(hasGlobalRole(roles, ['GLOBAL_OWNER'])).toBe(true);
        if (where.kind === 'project' && mayGrant({ roles }, 'GROUP_OWNER', where)) {
          expect(
            hasGlobalRole(roles, ['GLOBAL_USER_ADMIN']) ||
              hasProjectRole(roles, where.groupId, where.orgId, ['GROUP_OWNER']),
          ).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('is monotonic: holding more roles never takes a grant away', () => {
    fc.assert(
      fc.property(roleSet, roleSet, anyRoleName, scope, (roles, more, roleName, where) => {
        if (mayGrant({ roles }, roleName, where))
          expect(mayGrant({ roles: [...roles, ...more] }, roleName, where)).toBe(true);
      }),
      RUNS,
    );
  });

  it('every role mayGrant allows sits inside a scope mayManageMembers allows', () => {
    fc.assert(
      fc.property(roleSet, anyRoleName, scope, (roles, roleName, where) => {
        if (mayGrant({ roles }, roleName, where)) expect(mayManageMembers({ roles }, where)).toBe(true);
      }),
      RUNS,
    );
  });

  it('lets nobody change their own roles, whatever they hold', () => {
    fc.assert(
      fc.property(roleSet, roleSet, (before, after) => {
        const { added, removed } = diffRoles(before, after);
        const grantor = { kind: 'USER' as const, id: 'me', roles: [{ roleName: 'GLOBAL_OWNER' }, ...before] };
        const code = refusedWith(() =>
          assertMayChangeRoles(grantor, { kind: 'USER', id: 'me' }, before, after, orgOfGroup),
        );
        expect(code).toBe(added.length + removed.length === 0 ? undefined : 'CANNOT_MODIFY_OWN_ROLES');
      }),
      RUNS,
    );
  });

  it('accepts a change exactly when every added and removed role is grantable', () => {
    fc.assert(
      fc.property(roleSet, roleSet, roleSet, (grantorRoles, before, after) => {
        const grantor = { kind: 'USER' as const, id: 'admin', roles: grantorRoles };
        const { added, removed } = diffRoles(before, after);
        const allowed = [...added, ...removed].every((role) =>
          mayGrant(grantor, role.roleName, scopeOf(role, orgOfGroup)),
        );
        const code = refusedWith(() =>
          assertMayChangeRoles(grantor, { kind: 'USER', id: 'other' }, before, after, orgOfGroup),
        );
        if (allowed) expect(code).toBeUndefined();
        else expect(['CANNOT_ADD_GLOBAL_ROLE', 'NOT_ORG_ADMIN', 'NOT_GROUP_USER_ADMIN']).toContain(code);
      }),
      RUNS,
    );
  });

  it('treats a user and an API key with the same id as different holders', () => {
    const grantor = { kind: 'API_KEY' as const, id: 'x', roles: [{ roleName: 'ORG_OWNER', orgId: 'o1' }] };
    expect(() =>
      assertMayChangeRoles(
        grantor,
        { kind: 'USER', id: 'x' },
        [],
        [{ roleName: 'GROUP_OWNER', groupId: 'g1' }],
        orgOfGroup,
      ),
    ).not.toThrow();
  });

  it('spells the rule out on examples', () => {
    const owner1 = [{ roleName: 'ORG_OWNER', orgId: 'o1' }];
    expect(mayGrant({ roles: owner1 }, 'GROUP_OWNER', { kind: 'project', groupId: 'g1', orgId: 'o1' })).toBe(
      true,
    );
    expect(mayGrant({ roles: owner1 }, 'GROUP_OWNER', { kind: 'project', groupId: 'g3', orgId: 'o2' })).toBe(
      false,
    );
    expect(mayGrant({ roles: owner1 }, 'ORG_OWNER', { kind: 'org', orgId: 'o1' })).toBe(true);
    expect(mayGrant({ roles: owner1 }, 'GLOBAL_READ_ONLY', { kind: 'global' })).toBe(false);

    const userAdmin = [{ roleName: 'GROUP_USER_ADMIN', groupId: 'g1' }];
    expect(
      mayGrant({ roles: userAdmin }, 'GROUP_READ_ONLY', { kind: 'project', groupId: 'g1', orgId: 'o1' }),
    ).toBe(true);
    expect(
      mayGrant({ roles: userAdmin }, 'GROUP_OWNER', { kind: 'project', groupId: 'g1', orgId: 'o1' }),
    ).toBe(false);
    expect(
      mayGrant({ roles: userAdmin }, 'GROUP_READ_ONLY', { kind: 'project', groupId: 'g2', orgId: 'o1' }),
    ).toBe(false);
    expect(mayGrant({ roles: userAdmin }, 'ORG_MEMBER', { kind: 'org', orgId: 'o1' })).toBe(false);

    const globalUserAdmin = [{ roleName: 'GLOBAL_USER_ADMIN' }];
    expect(mayGrant({ roles: globalUserAdmin }, 'GLOBAL_OWNER', { kind: 'global' })).toBe(false);
    expect(mayGrant({ roles: globalUserAdmin }, 'GLOBAL_READ_ONLY', { kind: 'global' })).toBe(true);
    expect(mayGrant({ roles: globalUserAdmin }, 'ORG_OWNER', { kind: 'org', orgId: 'o2' })).toBe(true);

    expect(
      mayGrant({ roles: [{ roleName: 'GLOBAL_OWNER' }] }, 'GROUP_OWNER', { kind: 'org', orgId: 'o1' }),
    ).toBe(false);
    expect(
      mayGrant({ roles: [{ roleName: 'GROUP_OWNER', groupId: 'g1' }] }, 'GROUP_OWNER', {
        kind: 'project',
        groupId: 'g1',
        orgId: 'o1',
      }),
    ).toBe(true);
    expect(
      mayGrant({ roles: [{ roleName: 'GLOBAL_READ_ONLY' }] }, 'GROUP_READ_ONLY', {
        kind: 'project',
        groupId: 'g1',
        orgId: 'o1',
      }),
    ).toBe(false);
  });
});

describe('roleBeyondReach', () => {
  it('should find a role exactly when the grantor could not grant one of the holder roles', () => {
    fc.assert(
      fc.property(roleSet, roleSet, (grantor, held) => {
        const beyond = roleBeyondReach({ roles: grantor }, held, orgOfGroup);
        const allGrantable = held.every((role) =>
          mayGrant({ roles: grantor }, role.roleName, scopeOf(role, orgOfGroup)),
        );
        expect(beyond === undefined).toBe(allGrantable);
      }),
      RUNS,
    );
  });

  it('should put a global owner beyond the reach of everyone but a global owner', () => {
    fc.assert(
      fc.property(roleSet, roleSet, (grantor, held) => {
        const target = [...held, { roleName: 'GLOBAL_OWNER' }];
        const reached = roleBeyondReach({ roles: grantor }, target, orgOfGroup) === undefined;
        expect(reached).toBe(
          grantor.some((role) => role.roleName === 'GLOBAL_OWNER' && !role.orgId && !role.groupId),
        );
      }),
      RUNS,
    );
  });

  it('should keep each admin role from reaching a holder of the role above it', () => {
    const cases: Array<[RoleAssignment[], RoleAssignment]> = [
      [[{ roleName: 'GLOBAL_USER_ADMIN' }], { roleName: 'GLOBAL_OWNER' }],
      [[{ roleName: 'ORG_OWNER', orgId: 'o1' }], { roleName: 'GLOBAL_READ_ONLY' }],
      [[{ roleName: 'ORG_OWNER', orgId: 'o1' }], { roleName: 'ORG_MEMBER', orgId: 'o2' }],
      [[{ roleName: 'GROUP_USER_ADMIN', groupId: 'g1' }], { roleName: 'GROUP_OWNER', groupId: 'g1' }],
      [[{ roleName: 'GROUP_USER_ADMIN', groupId: 'g1' }], { roleName: 'ORG_MEMBER', orgId: 'o1' }],
      [[{ roleName: 'GROUP_OWNER', groupId: 'g1' }], { roleName: 'GROUP_READ_ONLY', groupId: 'g2' }],
    ];
    for (const [grantor, role] of cases) {
      expect(roleBeyondReach({ roles: grantor }, [role], orgOfGroup)).toEqual(role);
    }
  });
});
