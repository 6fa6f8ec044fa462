import { fromLocalAddress, type Dispatcher } from '../../support/checked-request';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import {
  assignKeyToProject,
  createOrgApiKey,
  createProject,
  createUser,
  postUser,
  uniqueName,
  type RoleView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { addToKeyList, keyListUrl, setUpOrg, userListUrl, type OrgFixture } from './access-lists.fixture';
import { expectApiError } from '../../support/api-error';

// A credential fenced by an access list never brings about one that is less fenced: every key or user it
// creates starts with a copy of its list, it cannot open another list beyond its own, nor set the password
// of a user whose list is wider. The tests call from 127.0.0.1; 127.0.0.2 is "elsewhere".
const FENCE = '127.0.0.1/32';

interface Fenced {
  name: string;
  credentials: Credentials;
  creates: Array<'orgKey' | 'projectKey' | 'user'>;
}

describe('POST /orgs/{orgId}/apiKeys, POST /groups/{groupId}/apiKeys, POST /users (by a fenced caller)', () => {
  let t: TestApp;
  let f: OrgFixture;
  let groupId: string;
  let elsewhere: Dispatcher;
  let callers: Fenced[];

  const fenceUser = async (credentials: Credentials, userId: string): Promise<void> => {
    const response = await call('POST', userListUrl(t, userId), {
      auth: credentials,
      body: [{ cidrBlock: FENCE }],
    });
    if (response.status !== 201) throw new Error(`fence user: ${response.status} ${response.text}`);
  };
  const fencedUser = async (roles: RoleView[]): Promise<Credentials> => {
    const { user, credentials } = await createUser(t, f.boot.globalKey, roles, 'fenced');
    await fenceUser(credentials, user.id);
    return credentials;
  };
  const fencedKey = async (orgRoles: string[], projectRoles: string[] = []): Promise<Credentials> => {
    const key = await createOrgApiKey(t, f.boot.globalKey, f.org.id, orgRoles);
    if (projectRoles.length > 0) await assignKeyToProject(t, f.boot.globalKey, groupId, key.id, projectRoles);
    await addToKeyList(t, f.owner, f.org.id, key.id, [{ cidrBlock: FENCE }]);
    return key;
  };
  const signsInFrom = async (credentials: Credentials, dispatcher?: Dispatcher): Promise<ApiResponse> =>
    call('GET', `${t.apiUrl}/orgs`, { auth: credentials, dispatcher });

  beforeAll(async () => {
    t = await startTestApp();
    f = await setUpOrg(t);
    groupId = (await createProject(t, f.boot.globalKey, f.org.id)).id;
    elsewhere = fromLocalAddress('127.0.0.2');
    const inOrg = (roleName: string): RoleView => ({ orgId: f.org.id, roleName });
    const inProject = (roleName: string): RoleView => ({ groupId, roleName });
    callers = [
      {
        name: 'ORG_OWNER key',
        credentials: await fencedKey(['ORG_OWNER']),
        creates: ['orgKey', 'projectKey', 'user'],
      },
      {
        name: 'GROUP_USER_ADMIN key',
        credentials: await fencedKey(['ORG_MEMBER'], ['GROUP_USER_ADMIN']),
        creates: ['projectKey', 'user'],
      },
      {
        name: 'GROUP_OWNER key',
        credentials: await fencedKey(['ORG_MEMBER'], ['GROUP_OWNER']),
        creates: ['projectKey', 'user'],
      },
      {
        name: 'GLOBAL_OWNER user',
        credentials: await fencedUser([{ roleName: 'GLOBAL_OWNER' }]),
        creates: ['orgKey', 'projectKey', 'user'],
      },
      {
        name: 'GLOBAL_USER_ADMIN user',
        credentials: await fencedUser([{ roleName: 'GLOBAL_USER_ADMIN' }]),
        creates: ['user'],
      },
      {
        name: 'ORG_OWNER user',
        credentials: await fencedUser([inOrg('ORG_OWNER')]),
        creates: ['orgKey', 'projectKey', 'user'],
      },
      {
        name: 'GROUP_USER_ADMIN user',
        credentials: await fencedUser([inOrg('ORG_MEMBER'), inProject('GROUP_USER_ADMIN')]),
        creates: ['projectKey', 'user'],
      },
    ];
  });

  afterAll(async () => {
    await t.close();
  });

  // Creates one credential of `kind` as `caller`; returns it with how to read its list.
  async function create(
    caller: Fenced,
    kind: Fenced['creates'][number],
  ): Promise<{ response: ApiResponse; credentials?: Credentials; listOf: () => Promise<ApiResponse> }> {
    if (kind === 'user') {
      const { response, credentials } = await postUser(t, caller.credentials, [
        { groupId, roleName: 'GROUP_READ_ONLY' },
      ]);
      return {
        response,
        credentials,
        listOf: () => call('GET', userListUrl(t, response.body.id), { auth: credentials }),
      };
    }
    const response =
      kind === 'orgKey'
        ? await call('POST', `${t.apiUrl}/orgs/${f.org.id}/apiKeys`, {
            auth: caller.credentials,
            body: { desc: uniqueName('minted'), roles: ['ORG_MEMBER'] },
          })
        : await call('POST', `${t.apiUrl}/groups/${groupId}/apiKeys`, {
            auth: caller.credentials,
            // The reported attack: three project roles on an unfenced key.
            body: {
              desc: uniqueName('minted'),
              roles: ['GROUP_READ_ONLY', 'GROUP_MONITORING_ADMIN', 'GROUP_AUTOMATION_ADMIN'],
            },
          });
    const credentials =
      response.status === 200
        ? { publicKey: response.body.publicKey, privateKey: response.body.privateKey }
        : undefined;
    return {
      response,
      credentials,
      listOf: () => call('GET', keyListUrl(t, f.org.id, response.body.id), { auth: f.boot.globalKey }),
    };
  }

  it('should give every key and user a fenced caller creates a copy of its list, refusing it elsewhere', async () => {
    const failures: string[] = [];
    let created = 0;
    for (const caller of callers) {
      if ((await signsInFrom(caller.credentials, elsewhere)).status !== 403)
        failures.push(`${caller.name}: the caller itself is not fenced`);
      for (const kind of caller.creates) {
        const cell = `${caller.name} creates ${kind}`;
        const { response, credentials, listOf } = await create(caller, kind);
        if (response.status >= 300 || !credentials) {
          failures.push(`${cell}: ${response.status} ${response.text}`);
          continue;
        }
        created++;
        const list = await listOf();
        const blocks = (list.body.results as Array<{ cidrBlock: string }> | undefined)?.map(
          (e) => e.cidrBlock,
        );
        if (JSON.stringify(blocks) !== JSON.stringify([FENCE])) failures.push(`${cell}: list ${list.text}`);
        const here = await signsInFrom(credentials);
        const away = await signsInFrom(credentials, elsewhere);
        if (here.status !== 200) failures.push(`${cell}: refused from inside the fence (${here.status})`);
        if (away.status !== 403 || away.body?.errorCode !== 'IP_ADDRESS_NOT_ON_ACCESS_LIST')
          failures.push(`${cell}: from 127.0.0.2 answered ${away.status} ${away.text}`);
      }
    }
    process.stdout.write(
      `fenced creations: ${callers.length} fenced callers, ${created} credentials created; failures ${failures.length}\n`,
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it("should refuse a fenced Organization Owner opening another key's list beyond its own, with 403", async () => {
    const [orgOwner] = callers;
    const other = await createOrgApiKey(t, f.boot.globalKey, f.org.id, ['ORG_MEMBER']);
    await addToKeyList(t, f.owner, f.org.id, other.id, [
      { ipAddress: '127.0.0.1' },
      { ipAddress: '192.0.2.7' },
    ]);

    const widened = await call('POST', keyListUrl(t, f.org.id, other.id), {
      auth: orgOwner.credentials,
      body: [{ cidrBlock: '0.0.0.0/0' }],
    });
    const narrowed = await call('DELETE', keyListUrl(t, f.org.id, other.id, '192.0.2.7'), {
      auth: orgOwner.credentials,
    });
    const emptied = await call('DELETE', keyListUrl(t, f.org.id, other.id, '127.0.0.1'), {
      auth: orgOwner.credentials,
    });
    const inside = await call('POST', keyListUrl(t, f.org.id, other.id), {
      auth: orgOwner.credentials,
      body: [{ ipAddress: '127.0.0.1' }],
    });

    expectApiError(widened, 403, 'WIDER_THAN_CALLER_ACCESS_LIST');
    expect(narrowed.status).toBe(204);
    expectApiError(emptied, 403, 'WIDER_THAN_CALLER_ACCESS_LIST');
    expect(inside.status).toBe(200);
    expect((await signsInFrom(other, elsewhere)).status).toBe(403);
  });

  it('should refuse a fenced user admin the password of a user fenced less than itself', async () => {
    const userAdmin = callers.find((caller) => caller.name === 'GLOBAL_USER_ADMIN user');
    const open = await createUser(t, f.boot.globalKey, [{ groupId, roleName: 'GROUP_READ_ONLY' }]);
    const fenced = await createUser(t, f.boot.globalKey, [{ groupId, roleName: 'GROUP_READ_ONLY' }]);
    await fenceUser(fenced.credentials, fenced.user.id);

    const openChange = await call('PATCH', `${t.apiUrl}/users/${open.user.id}`, {
      auth: userAdmin!.credentials,
      body: { password: 'Taken-Over-2024!' },
    });
    const fencedChange = await call('PATCH', `${t.apiUrl}/users/${fenced.user.id}`, {
      auth: userAdmin!.credentials,
      body: { password: 'Reset-By-Admin-7!' },
    });

    expectApiError(openChange, 403, 'WIDER_THAN_CALLER_ACCESS_LIST');
    expect((await signsInFrom(open.credentials, elsewhere)).status).toBe(200);
    expect(fencedChange.status).toBe(200);
  });

  it('should refuse a fenced GLOBAL_USER_ADMIN widening its own list', async () => {
    const { user, credentials } = await createUser(t, f.boot.globalKey, [{ roleName: 'GLOBAL_USER_ADMIN' }]);
    await fenceUser(credentials, user.id);

    const widened = await call('POST', userListUrl(t, user.id), {
      auth: credentials,
      body: [{ cidrBlock: '0.0.0.0/0' }],
    });

    expectApiError(widened, 403, 'CANNOT_WIDEN_OWN_ACCESS_LIST');
    expect((await signsInFrom(credentials, elsewhere)).status).toBe(403);
  });
});
