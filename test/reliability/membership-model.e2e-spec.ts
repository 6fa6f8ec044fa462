import fc from 'fast-check';
import { call, type ApiResponse, type Credentials } from '../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createProject,
  createUser,
  uniqueName,
} from '../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  canManageUsers,
  canRead,
  newMembershipModel,
  pair,
  ROLES,
  standing,
  type MembershipModel,
  type ProjectRole,
} from './support/membership-model';
import { runModel } from './support/model-run';

// Model-based test of memberships through change: random sequences of project roles given and taken,
// team members added and removed, teams assigned to projects, their roles replaced and their assignments
// removed, teams deleted, against a small reference model (support/membership-model.ts). Each change answers as the
// model says (a refused one, such as assigning a team twice, changes nothing), and after every step each
// user's next request to each project is let in or refused as its standing there (own roles plus its
// teams') says: reading the project, and managing its users. Fixed seed in CI; MODEL_SEED=random (or a
// number) and MODEL_RUNS explore.
const SEED = 20261128;
const RUNS = 40;
const MAX_STEPS = 20;
const USERS = 2;
const TEAMS = 2;
const PROJECTS = 2;
const NO_SUCH_USER = '0123456789abcdef01234567';

interface Real {
  t: TestApp;
  admin: Credentials;
  orgId: string;
  users: Array<{ id: string; credentials: Credentials }>;
  teams: string[];
  projects: string[];
}

const errorCodeOf = (response: ApiResponse): string | undefined =>
  (response.body as { errorCode?: string } | undefined)?.errorCode;

// What a change answered: the status, and the error code of a refusal.
const outcome = (response: ApiResponse) => ({
  status: response.status,
  ...(response.status >= 400 ? { errorCode: errorCodeOf(response) } : {}),
});

async function checkStandings(model: MembershipModel, real: Real): Promise<void> {
  const seen: string[] = [];
  const expected: string[] = [];
  for (let user = 0; user < USERS; user += 1) {
    for (let project = 0; project < PROJECTS; project += 1) {
      const auth = real.users[user].credentials;
      const groupId = real.projects[project];
      const read = await call('GET', `${real.t.apiUrl}/groups/${groupId}/teams`, { auth });
      // Managing users is let in before the user to remove is looked for: 404 for one that does not exist.
      const manage = await call('DELETE', `${real.t.apiUrl}/groups/${groupId}/users/${NO_SUCH_USER}`, {
        auth,
      });
      const roles = standing(model, user, project);
      seen.push(`user ${user} project ${project}: read ${read.status}, manage ${manage.status}`);
      expected.push(
        `user ${user} project ${project}: read ${canRead(roles) ? 200 : 401}, manage ${canManageUsers(roles) ? 404 : 401}`,
      );
    }
  }
  expect(seen).toEqual(expected);
}

// One change through the API, its answer checked against the model's, then every standing checked.
class Change implements fc.AsyncCommand<MembershipModel, Real> {
  constructor(
    private readonly label: string,
    private readonly apply: (model: MembershipModel, real: Real) => Promise<void>,
    private readonly applies: (model: Readonly<MembershipModel>) => boolean = () => true,
  ) {}
  check(model: Readonly<MembershipModel>): boolean {
    return this.applies(model);
  }
  async run(model: MembershipModel, real: Real): Promise<void> {
    await this.apply(model, real);
    await checkStandings(model, real);
  }
  toString(): string {
    return this.label;
  }
}

// A removal: 204 and `remove` applied when the model holds what goes, else 404 with `missing`.
async function expectRemoval(
  request: Promise<ApiResponse>,
  present: boolean,
  missing: string,
  remove: () => void,
): Promise<void> {
  const response = await request;
  if (!present) {
    expect(outcome(response)).toEqual({ status: 404, errorCode: missing });
    return;
  }
  expect(outcome(response)).toEqual({ status: 204 });
  remove();
}

const del = (real: Real, path: string) => call('DELETE', `${real.t.apiUrl}${path}`, { auth: real.admin });
const teamPath = (real: Real, team: number, project: number) =>
  `/groups/${real.projects[project]}/teams/${real.teams[team]}`;

const giveProjectRole = (user: number, project: number, role: ProjectRole) =>
  new Change(`give user ${user} ${role} in project ${project}`, async (model, real) => {
    const response = await call('POST', `${real.t.apiUrl}/groups/${real.projects[project]}/users`, {
      auth: real.admin,
      body: [{ id: real.users[user].id, roles: [{ roleName: role }] }],
    });
    expect(outcome(response)).toEqual({ status: 200 });
    const key = pair(user, project);
    model.own.set(key, new Set([...(model.own.get(key) ?? []), role]));
  });

const removeFromProject = (user: number, project: number) =>
  new Change(`remove user ${user} from project ${project}`, (model, real) =>
    expectRemoval(
      del(real, `/groups/${real.projects[project]}/users/${real.users[user].id}`),
      (model.own.get(pair(user, project))?.size ?? 0) > 0,
      'USER_NOT_IN_GROUP',
      () => model.own.delete(pair(user, project)),
    ),
  );

const isMember = (model: Readonly<MembershipModel>, team: number, user: number) =>
  model.members.get(team)?.has(user) ?? false;

// Adding a member twice is not a change this model follows.
const addTeamMember = (team: number, user: number) =>
  new Change(
    `add user ${user} to team ${team}`,
    async (model, real) => {
      const response = await call(
        'POST',
        `${real.t.apiUrl}/orgs/${real.orgId}/teams/${real.teams[team]}/users`,
        {
          auth: real.admin,
          body: [{ id: real.users[user].id }],
        },
      );
      expect(outcome(response)).toEqual({ status: 200 });
      model.members.set(team, new Set([...(model.members.get(team) ?? []), user]));
    },
    (model) => !isMember(model, team, user),
  );

const removeTeamMember = (team: number, user: number) =>
  new Change(`remove user ${user} from team ${team}`, (model, real) =>
    expectRemoval(
      del(real, `/orgs/${real.orgId}/teams/${real.teams[team]}/users/${real.users[user].id}`),
      isMember(model, team, user),
      'USER_NOT_IN_TEAM',
      () => model.members.get(team)?.delete(user),
    ),
  );

const assignTeam = (team: number, project: number, roles: ProjectRole[]) =>
  new Change(`assign team ${team} to project ${project} as ${roles.join('+')}`, async (model, real) => {
    const response = await call('POST', `${real.t.apiUrl}/groups/${real.projects[project]}/teams`, {
      auth: real.admin,
      body: [{ teamId: real.teams[team], roleNames: roles }],
    });
    const key = pair(team, project);
    if (model.assigned.has(key)) {
      expect(outcome(response)).toEqual({ status: 409, errorCode: 'TEAM_ALREADY_IN_GROUP' });
    } else {
      expect(outcome(response)).toEqual({ status: 200 });
      model.assigned.set(key, [...roles]);
    }
  });

const replaceTeamRoles = (team: number, project: number, roles: ProjectRole[]) =>
  new Change(`set team ${team}'s roles in project ${project} to ${roles.join('+')}`, async (model, real) => {
    const response = await call('PATCH', `${real.t.apiUrl}${teamPath(real, team, project)}`, {
      auth: real.admin,
      body: { roleNames: roles },
    });
    const key = pair(team, project);
    if (model.assigned.has(key)) {
      expect(outcome(response)).toEqual({ status: 200 });
      model.assigned.set(key, [...roles]);
    } else {
      expect(outcome(response)).toEqual({ status: 404, errorCode: 'TEAM_NOT_IN_GROUP' });
    }
  });

const unassignTeam = (team: number, project: number) =>
  new Change(`unassign team ${team} from project ${project}`, (model, real) =>
    expectRemoval(
      del(real, teamPath(real, team, project)),
      model.assigned.has(pair(team, project)),
      'TEAM_NOT_IN_GROUP',
      () => model.assigned.delete(pair(team, project)),
    ),
  );

// The team is deleted (it leaves its projects, its members lose its roles) and a new, empty one takes its
// place in the sequence.
const replaceTeam = (team: number) =>
  new Change(`delete team ${team} and make a new one`, async (model, real) => {
    expect(outcome(await del(real, `/orgs/${real.orgId}/teams/${real.teams[team]}`))).toEqual({
      status: 204,
    });
    model.members.delete(team);
    for (const key of [...model.assigned.keys()]) {
      if (key.startsWith(`${team}:`)) model.assigned.delete(key);
    }
    real.teams[team] = await createTeam(real);
  });

async function createTeam(real: Pick<Real, 't' | 'admin' | 'orgId'>): Promise<string> {
  const response = await call<{ id: string }>('POST', `${real.t.apiUrl}/orgs/${real.orgId}/teams`, {
    auth: real.admin,
    body: { name: uniqueName('model-team'), usernames: [] },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

const user = fc.integer({ min: 0, max: USERS - 1 });
const team = fc.integer({ min: 0, max: TEAMS - 1 });
const project = fc.integer({ min: 0, max: PROJECTS - 1 });
const role = fc.constantFrom(...ROLES);
const roles = fc.uniqueArray(role, { minLength: 1, maxLength: 2 });
const commands = [
  fc.tuple(user, project, role).map(([u, p, r]) => giveProjectRole(u, p, r)),
  fc.tuple(user, project).map(([u, p]) => removeFromProject(u, p)),
  fc.tuple(team, user).map(([t, u]) => addTeamMember(t, u)),
  fc.tuple(team, user).map(([t, u]) => removeTeamMember(t, u)),
  fc.tuple(team, project, roles).map(([t, p, r]) => assignTeam(t, p, r)),
  fc.tuple(team, project, roles).map(([t, p, r]) => replaceTeamRoles(t, p, r)),
  fc.tuple(team, project).map(([t, p]) => unassignTeam(t, p)),
  team.map((t) => replaceTeam(t)),
];

describe('POST /groups/{groupId}/teams (membership model: own roles, teams and their assignments)', () => {
  let t: TestApp;
  let admin: Credentials;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await bootstrapFirstUser(t)).globalKey;
    orgId = (await createOrg(t, admin)).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  // Each sequence has users, teams and projects of its own, with no roles in the projects.
  async function setup(): Promise<{ model: MembershipModel; real: Real }> {
    const users = [];
    for (let i = 0; i < USERS; i += 1) {
      const { user: created, credentials } = await createUser(t, admin, [{ orgId, roleName: 'ORG_MEMBER' }]);
      users.push({ id: created.id, credentials });
    }
    const teams = [];
    for (let i = 0; i < TEAMS; i += 1) teams.push(await createTeam({ t, admin, orgId }));
    const projects = [];
    for (let i = 0; i < PROJECTS; i += 1) projects.push((await createProject(t, admin, orgId)).id);
    const real: Real = { t, admin, orgId, users, teams, projects };
    const model = newMembershipModel();
    await checkStandings(model, real);
    return { model, real };
  }

  it(
    "should let each user in and out of each project as its own roles and its teams' say after every change",
    () => runModel('membership model', commands, setup, { seed: SEED, runs: RUNS, maxSteps: MAX_STEPS }),
    20 * 60_000,
  );
});
