import fc from 'fast-check';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createProject,
  postUser,
  type RoleView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

const ORG_ROLES = ['ORG_OWNER', 'ORG_MEMBER', 'ORG_READ_ONLY'];
const PROJECT_ROLES = ['GROUP_OWNER', 'GROUP_USER_ADMIN', 'GROUP_READ_ONLY', 'GROUP_MONITORING_ADMIN'];

// A role as the invariants compare it: `org:ROLE` or `group:ROLE` (one organization, one project).
type Role = string;

interface Member {
  id: string;
  credentials: Credentials;
}

// The grant rule written out independently of the service: who may give or take which role, from the
// caller's roles in this organization before the step (the global key may do anything).
function mayGrant(callerRoles: ReadonlySet<Role> | 'GLOBAL_OWNER', role: Role): boolean {
  if (callerRoles === 'GLOBAL_OWNER') return true;
  if (callerRoles.has('org:ORG_OWNER')) return true;
  if (role.startsWith('org:')) return false;
  if (callerRoles.has('group:GROUP_OWNER')) return true;
  return callerRoles.has('group:GROUP_USER_ADMIN') && role !== 'group:GROUP_OWNER';
}

type Step =
  | { op: 'create'; caller: number; roles: Role[] }
  | { op: 'addToProject'; caller: number; target: number; roles: string[] }
  | { op: 'changeRoles'; caller: number; target: number; roles: Role[] }
  | { op: 'removeFromProject'; caller: number; target: number }
  | { op: 'removeFromOrg'; caller: number; target: number }
  | { op: 'delete'; caller: number; target: number };

const roleArb = fc.oneof(
  fc.constantFrom(...ORG_ROLES).map((role) => `org:${role}`),
  fc.constantFrom(...PROJECT_ROLES).map((role) => `group:${role}`),
);
const roles = fc.uniqueArray(roleArb, { minLength: 1, maxLength: 3 });
// Caller -1 is the global owner's key; others index the members created so far (modulo their number).
const caller = fc.integer({ min: -1, max: 7 });
const target = fc.nat(7);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('create' as const), caller, roles }),
  fc.record({
    op: fc.constant('addToProject' as const),
    caller,
    target,
    roles: fc.uniqueArray(fc.constantFrom(...PROJECT_ROLES), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({ op: fc.constant('changeRoles' as const), caller, target, roles }),
  fc.record({ op: fc.constant('removeFromProject' as const), caller, target }),
  fc.record({ op: fc.constant('removeFromOrg' as const), caller, target }),
  fc.record({ op: fc.constant('delete' as const), caller, target }),
);

// Random sequences of membership changes, each made over HTTP by a random caller (the global owner's key
// or one of the organization's users, whatever its roles), never leave the organization without an
// ORG_OWNER and never give or take a role the caller could not grant; a refused step changes nothing
// and no step answers 5xx. The state is read back with GET after every step.
describe('POST /users, PATCH /users/{userId}, DELETE /users/{userId}, POST and DELETE /groups/{groupId}/users, DELETE /orgs/{orgId}/users/{userId} (membership invariants)', () => {
  let t: TestApp;
  let admin: Credentials;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await bootstrapFirstUser(t)).globalKey;
  });

  afterAll(async () => {
    await t.close();
  });

  it('should keep an ORG_OWNER and never let a caller grant or take a role beyond its own, for random sequences of changes', async () => {
    const tally = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 8 }), async (steps) => {
        const org = await createOrg(t, admin);
        const project = await createProject(t, admin, org.id);
        const toView = (role: Role): RoleView =>
          role.startsWith('org:')
            ? { orgId: org.id, roleName: role.slice(4) }
            : { groupId: project.id, roleName: role.slice(6) };
        const members: Member[] = [];
        // POST /users: a new member of the pool when it is created.
        const member = async (by: Credentials, granted: Role[]): Promise<ApiResponse> => {
          const { response, credentials } = await postUser(t, by, granted.map(toView), 'member');
          if (response.status === 201) members.push({ id: response.body.id, credentials });
          return response;
        };
        await member(admin, ['org:ORG_OWNER']);
        await member(admin, ['org:ORG_MEMBER', 'group:GROUP_USER_ADMIN']);
        expect(members).toHaveLength(2);

        const state = async (): Promise<Map<string, Set<Role>>> => {
          const listed = await call<{ results: Array<{ id: string; roles: RoleView[] }> }>(
            'GET',
            `${t.apiUrl}/orgs/${org.id}/users?itemsPerPage=500`,
            { auth: admin },
          );
          expect(listed.status).toBe(200);
          return new Map(
            listed.body.results.map((user) => [
              user.id,
              new Set(
                user.roles
                  .filter((role) => role.orgId === org.id || role.groupId === project.id)
                  .map((role) => `${role.orgId ? 'org' : 'group'}:${role.roleName}`),
              ),
            ]),
          );
        };

        let before = await state();
        for (const step of steps) {
          const by = step.caller < 0 ? undefined : members[step.caller % members.length];
          const auth = by?.credentials ?? admin;
          const callerRoles = by === undefined ? 'GLOBAL_OWNER' : new Set(before.get(by.id) ?? []);
          const targetOf = (index: number) => members[index % members.length];
          let response: ApiResponse;
          switch (step.op) {
            case 'create':
              response = await member(auth, step.roles);
              break;
            case 'addToProject':
              response = await call('POST', `${t.apiUrl}/groups/${project.id}/users`, {
                auth,
                body: [{ id: targetOf(step.target).id, roles: step.roles.map((roleName) => ({ roleName })) }],
              });
              break;
            case 'changeRoles':
              response = await call('PATCH', `${t.apiUrl}/users/${targetOf(step.target).id}`, {
                auth,
                body: { roles: step.roles.map(toView) },
              });
              break;
            case 'removeFromProject':
              response = await call(
                'DELETE',
                `${t.apiUrl}/groups/${project.id}/users/${targetOf(step.target).id}`,
                {
                  auth,
                },
              );
              break;
            case 'removeFromOrg':
              response = await call(
                'DELETE',
                `${t.apiUrl}/orgs/${org.id}/users/${targetOf(step.target).id}`,
                {
                  auth,
                },
              );
              break;
            case 'delete':
              response = await call('DELETE', `${t.apiUrl}/users/${targetOf(step.target).id}`, { auth });
              break;
          }
          expect([step, response.status < 500]).toEqual([step, true]);
          const after = await state();

          const owners = [...after.values()].filter((held) => held.has('org:ORG_OWNER'));
          expect([step, owners.length > 0]).toEqual([step, true]);
          if (response.status >= 400) {
            tally.refused += 1;
            expect([step, after]).toEqual([step, before]);
          } else {
            tally.accepted += 1;
            for (const id of new Set([...before.keys(), ...after.keys()])) {
              const had = before.get(id) ?? new Set<Role>();
              const has = after.get(id) ?? new Set<Role>();
              const changed = [...has].filter((role) => !had.has(role));
              changed.push(...[...had].filter((role) => !has.has(role)));
              for (const role of changed)
                expect([step, role, mayGrant(callerRoles, role)]).toEqual([step, role, true]);
              // Nobody changes their own roles.
              if (by !== undefined && id === by.id)
                expect([step, [...has].sort()]).toEqual([step, [...had].sort()]);
            }
          }
          before = after;
        }
      }),
      { seed: 11, numRuns: 12 },
    );
    // Both outcomes were exercised.
    expect(tally.accepted).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
  }, 120_000);
});
