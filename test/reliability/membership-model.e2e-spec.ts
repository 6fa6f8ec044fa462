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

abstract class Change implements fc.AsyncCommand<MembershipModel, Real> {
  check(_model: Readonly<MembershipModel>): boolean {
    return true;
  }
  abstract apply(model: MembershipModel, real: Real): Promise<void>;
  async run(model: MembershipModel, real: Real): Promise<void> {
    await this.apply(model, real);
    await checkStandings(model, real);
  }
  abstract toString(): string;
}

class GiveProjectRole extends Change {
  constructor(
    private readonly user: number,
    private readonly project: number,
    private readonly role: ProjectRole,
  ) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call('POST', `${real.t.apiUrl}/groups/${real.projects[this.project]}/users`, {
      auth: real.admin,
      body: [{ id: real.users[this.user].id, roles: [{ roleName: this.role }] }],
    });
    expect(outcome(response)).toEqual({ status: 200 });
    const key = pair(this.user, this.project);
    model.own.set(key, new Set([...(model.own.get(key) ?? []), this.role]));
  }
  toString = () => `give user ${this.user} ${this.role} in project ${this.project}`;
}

class RemoveFromProject extends Change {
  constructor(
    private readonly user: number,
    private readonly project: number,
  ) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call(
      'DELETE',
      `${real.t.apiUrl}/groups/${real.projects[this.project]}/users/${real.users[this.user].id}`,
      { auth: real.admin },
    );
    const key = pair(this.user, this.project);
    if ((model.own.get(key)?.size ?? 0) === 0) {
      expect(outcome(response)).toEqual({ status: 404, errorCode: 'USER_NOT_IN_GROUP' });
    } else {
      expect(outcome(response)).toEqual({ status: 204 });
      model.own.delete(key);
    }
  }
  toString = () => `remove user ${this.user} from project ${this.project}`;
}

class AddTeamMember extends Change {
  constructor(
    private readonly team: number,
    private readonly user: number,
  ) {
    super();
  }
  // Adding a member twice is not a change this model follows.
  override check(model: Readonly<MembershipModel>): boolean {
    return !(model.members.get(this.team)?.has(this.user) ?? false);
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call(
      'POST',
      `${real.t.apiUrl}/orgs/${real.orgId}/teams/${real.teams[this.team]}/users`,
      {
        auth: real.admin,
        body: [{ id: real.users[this.user].id }],
      },
    );
    expect(outcome(response)).toEqual({ status: 200 });
    model.members.set(this.team, new Set([...(model.members.get(this.team) ?? []), this.user]));
  }
  toString = () => `add user ${this.user} to team ${this.team}`;
}

class RemoveTeamMember extends Change {
  constructor(
    private readonly team: number,
    private readonly user: number,
  ) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call(
      'DELETE',
      `${real.t.apiUrl}/orgs/${real.orgId}/teams/${real.teams[this.team]}/users/${real.users[this.user].id}`,
      { auth: real.admin },
    );
    if (model.members.get(this.team)?.has(this.user)) {
      expect(outcome(response)).toEqual({ status: 204 });
      model.members.get(this.team)?.delete(this.user);
    } else {
      expect(outcome(response)).toEqual({ status: 404, errorCode: 'USER_NOT_IN_TEAM' });
    }
  }
  toString = () => `remove user ${this.user} from team ${this.team}`;
}

class AssignTeam extends Change {
  constructor(
    private readonly team: number,
    private readonly project: number,
    private readonly roles: ProjectRole[],
  ) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call('POST', `${real.t.apiUrl}/groups/${real.projects[this.project]}/teams`, {
      auth: real.admin,
      body: [{ teamId: real.teams[this.team], roleNames: this.roles }],
    });
    const key = pair(this.team, this.project);
    if (model.assigned.has(key)) {
      expect(outcome(response)).toEqual({ status: 409, errorCode: 'TEAM_ALREADY_IN_GROUP' });
    } else {
      expect(outcome(response)).toEqual({ status: 200 });
      model.assigned.set(key, [...this.roles]);
    }
  }
  toString = () => `assign team ${this.team} to project ${this.project} as ${this.roles.join('+')}`;
}

class ReplaceTeamRoles extends Change {
  constructor(
    private readonly team: number,
    private readonly project: number,
    private readonly roles: ProjectRole[],
  ) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call(
      'PATCH',
      `${real.t.apiUrl}/groups/${real.projects[this.project]}/teams/${real.teams[this.team]}`,
      { auth: real.admin, body: { roleNames: this.roles } },
    );
    const key = pair(this.team, this.project);
    if (model.assigned.has(key)) {
      expect(outcome(response)).toEqual({ status: 200 });
      model.assigned.set(key, [...this.roles]);
    } else {
      expect(outcome(response)).toEqual({ status: 404, errorCode: 'TEAM_NOT_IN_GROUP' });
    }
  }
  toString = () => `set team ${this.team}'s roles in project ${this.project} to ${this.roles.join('+')}`;
}

class UnassignTeam extends Change {
  constructor(
    private readonly team: number,
    private readonly project: number,
  ) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const response = await call(
      'DELETE',
      `${real.t.apiUrl}/groups/${real.projects[this.project]}/teams/${real.teams[this.team]}`,
      { auth: real.admin },
    );
    const key = pair(this.team, this.project);
    if (model.assigned.has(key)) {
      expect(outcome(response)).toEqual({ status: 204 });
      model.assigned.delete(key);
    } else {
      expect(outcome(response)).toEqual({ status: 404, errorCode: 'TEAM_NOT_IN_GROUP' });
    }
  }
  toString = () => `unassign team ${this.team} from project ${this.project}`;
}

// The team is deleted (it leaves its projects, its members lose its roles) and a new, empty one takes its
// place in the sequence.
class ReplaceTeam extends Change {
  constructor(private readonly team: number) {
    super();
  }
  async apply(model: MembershipModel, real: Real): Promise<void> {
    const deleted = await call(
      'DELETE',
      `${real.t.apiUrl}/orgs/${real.orgId}/teams/${real.teams[this.team]}`,
      {
        auth: real.admin,
      },
    );
    expect(outcome(deleted)).toEqual({ status: 204 });
    model.members.delete(this.team);
    for (const key of [...model.assigned.keys()]) {
      if (key.startsWith(`${this.team}:`)) model.assigned.delete(key);
    }
    real.teams[this.team] = await createTeam(real);
  }
  toString = () => `delete team ${this.team} and make a new one`;
}

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
  fc.tuple(user, project, role).map(([u, p, r]) => new GiveProjectRole(u, p, r)),
  fc.tuple(user, project).map(([u, p]) => new RemoveFromProject(u, p)),
  fc.tuple(team, user).map(([t, u]) => new AddTeamMember(t, u)),
  fc.tuple(team, user).map(([t, u]) => new RemoveTeamMember(t, u)),
  fc.tuple(team, project, roles).map(([t, p, r]) => new AssignTeam(t, p, r)),
  fc.tuple(team, project, roles).map(([t, p, r]) => new ReplaceTeamRoles(t, p, r)),
  fc.tuple(team, project).map(([t, p]) => new UnassignTeam(t, p)),
  team.map((t) => new ReplaceTeam(t)),
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
