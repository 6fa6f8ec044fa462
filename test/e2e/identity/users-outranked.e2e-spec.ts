import { expectApiError } from '../../support/api-error';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  createUser,
  type BootstrapResult,
  type RoleView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

// Nobody changes the password, e-mail, mobile number or names of a user holding a role they could not
// grant, nor deletes such a user: whoever could would sign in as that user and hold its roles. Every
// pair of (administering caller, role of the target) x every user-mutating field and DELETE.

type Op = 'password' | 'emailAddress' | 'mobileNumber' | 'firstName' | 'username' | 'delete';
const OPS: Op[] = ['password', 'emailAddress', 'mobileNumber', 'firstName', 'username', 'delete'];
const NEW_PASSWORD = 'Taken-Over-2024!';

interface Target {
  name: string;
  roles: RoleView[];
}

interface Caller {
  name: string;
  credentials: Credentials;
  // Only a global user admin edits or deletes another user, and only one whose roles it could grant.
  reaches: (target: Target) => boolean;
  refusal: { status: number; errorCode: string };
}

describe('PATCH /users/{userId} and DELETE /users/{userId} (a role its holder could not grant)', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let targets: Target[];
  let callers: Caller[];

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    const admin = boot.globalKey;
    const org = await createOrg(t, admin);
    const project = await createProject(t, admin, org.id);
    const inOrg = (roleName: string): RoleView => ({ orgId: org.id, roleName });
    const inProject = (roleName: string): RoleView => ({ groupId: project.id, roleName });
    targets = [
      { name: 'GLOBAL_OWNER', roles: [{ roleName: 'GLOBAL_OWNER' }] },
      { name: 'GLOBAL_OWNER in the org', roles: [{ roleName: 'GLOBAL_OWNER' }, inOrg('ORG_MEMBER')] },
      { name: 'GLOBAL_USER_ADMIN', roles: [{ roleName: 'GLOBAL_USER_ADMIN' }, inOrg('ORG_MEMBER')] },
      { name: 'GLOBAL_READ_ONLY', roles: [{ roleName: 'GLOBAL_READ_ONLY' }, inOrg('ORG_MEMBER')] },
      { name: 'ORG_OWNER', roles: [inOrg('ORG_OWNER')] },
      { name: 'ORG_MEMBER', roles: [inOrg('ORG_MEMBER')] },
      { name: 'GROUP_OWNER', roles: [inOrg('ORG_MEMBER'), inProject('GROUP_OWNER')] },
      { name: 'GROUP_USER_ADMIN', roles: [inOrg('ORG_MEMBER'), inProject('GROUP_USER_ADMIN')] },
      { name: 'GROUP_READ_ONLY', roles: [inProject('GROUP_READ_ONLY')] },
    ];
    const user = async (roles: RoleView[]) => (await createUser(t, admin, roles, 'caller')).credentials;
    const nobody = () => false;
    const unauthorized = { status: 401, errorCode: 'USER_UNAUTHORIZED' };
    callers = [
      {
        name: 'GLOBAL_USER_ADMIN',
        credentials: await user([{ roleName: 'GLOBAL_USER_ADMIN' }]),
        reaches: (target) => !target.roles.some((role) => role.roleName === 'GLOBAL_OWNER'),
        refusal: { status: 403, errorCode: 'USER_OUTRANKS_CALLER' },
      },
      {
        name: 'ORG_OWNER',
        credentials: await user([inOrg('ORG_OWNER')]),
        reaches: nobody,
        refusal: unauthorized,
      },
      {
        name: 'ORG_OWNER key',
        credentials: await createOrgApiKey(t, admin, org.id, ['ORG_OWNER']),
        reaches: nobody,
        refusal: unauthorized,
      },
      {
        name: 'GROUP_OWNER',
        credentials: await user([inOrg('ORG_MEMBER'), inProject('GROUP_OWNER')]),
        reaches: nobody,
        refusal: unauthorized,
      },
      {
        name: 'GROUP_USER_ADMIN',
        credentials: await user([inOrg('ORG_MEMBER'), inProject('GROUP_USER_ADMIN')]),
        reaches: nobody,
        refusal: unauthorized,
      },
    ];
  });

  afterAll(async () => {
    await t.close();
  });

  const asAdmin = (method: string, path: string) =>
    call(method, `${t.apiUrl}${path}`, { auth: boot.globalKey });

  function attempt(caller: Caller, op: Op, userId: string): Promise<ApiResponse> {
    const path = `${t.apiUrl}/users/${userId}`;
    if (op === 'delete') return call('DELETE', path, { auth: caller.credentials });
    const values: Record<Exclude<Op, 'delete'>, string> = {
      password: NEW_PASSWORD,
      emailAddress: 'attacker@example.net',
      mobileNumber: '+1 555 0199',
      firstName: 'Mallory',
      username: 'attacker@example.net',
    };
    return call('PATCH', path, { auth: caller.credentials, body: { [op]: values[op] } });
  }

  it('should refuse a global user admin the password of a global owner, who keeps signing in with its own', async () => {
    const [userAdmin] = callers;
    const owner = await createUser(t, boot.globalKey, [{ roleName: 'GLOBAL_OWNER' }], 'owner');

    const changed = await call('PATCH', `${t.apiUrl}/users/${owner.user.id}`, {
      auth: userAdmin.credentials,
      body: { password: NEW_PASSWORD },
    });
    const asAttacker = await call('GET', `${t.apiUrl}/orgs`, {
      auth: { publicKey: owner.credentials.publicKey, privateKey: NEW_PASSWORD },
    });
    const asOwner = await call('GET', `${t.apiUrl}/orgs`, { auth: owner.credentials });

    expectApiError(changed, 403, 'USER_OUTRANKS_CALLER', [owner.user.username, 'GLOBAL_OWNER']);
    expect(asAttacker.status).toBe(401);
    expect(asOwner.status).toBe(200);
  });

  it('should refuse every change and deletion of a user holding a role the caller could not grant, and change nothing', async () => {
    const failures: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const caller of callers) {
      for (const op of OPS) {
        await Promise.all(
          targets.map(async (target) => {
            const victim = await createUser(t, boot.globalKey, target.roles, 'target');
            const before = (await asAdmin('GET', `/users/${victim.user.id}`)).body as Record<string, unknown>;
            const response = await attempt(caller, op, victim.user.id);
            const after = await asAdmin('GET', `/users/${victim.user.id}`);
            const cell = `${caller.name} -> ${target.name}: ${op}`;
            const mayReach = caller.reaches(target) && op !== 'username';
            if (mayReach) {
              allowed++;
              if (response.status >= 300)
                failures.push(`${cell}: refused ${response.status} ${response.text}`);
              return;
            }
            refused++;
            // The user name is read-only for everyone (400), once the caller has standing over the user.
            const codes =
              op === 'username' ? ['ATTRIBUTE_READ_ONLY', 'USER_UNAUTHORIZED'] : [caller.refusal.errorCode];
            if (!codes.includes(response.body?.errorCode) || response.status >= 500) {
              failures.push(
                `${cell}: expected ${codes.join(' or ')}, got ${response.status} ${response.text}`,
              );
            } else if (op !== 'username' && response.status !== caller.refusal.status) {
              failures.push(`${cell}: expected ${caller.refusal.status}, got ${response.status}`);
            }
            if (after.status !== 200 || JSON.stringify(after.body) !== JSON.stringify(before)) {
              failures.push(`${cell}: the user changed: ${after.status} ${after.text}`);
            }
            const signIn = await call('GET', `${t.apiUrl}/users/${victim.user.id}`, {
              auth: victim.credentials,
            });
            if (signIn.status !== 200)
              failures.push(`${cell}: the user no longer signs in (${signIn.status})`);
          }),
        );
      }
    }
    process.stdout.write(
      `outranked users: ${callers.length} callers x ${targets.length} targets x ${OPS.length} changes; ` +
        `allowed ${allowed}, refused ${refused}, failures ${failures.length}\n`,
    );
    expect(failures).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
  }, 300_000);
});
