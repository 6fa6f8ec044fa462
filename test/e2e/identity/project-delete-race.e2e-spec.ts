import { Client } from 'pg';
import { call, type Credentials } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import { createUser } from '../../support/factories/identity.fixture';
import { sessionsWaitingOnLocks } from '../../support/lock-waiters';
import { startTestApp, type TestApp } from '../../support/test-app';
import { buildWorld, type World } from './identity.fixture';

interface Settled {
  status?: number;
}

// A role written for a project that a concurrent DELETE /groups/{groupId} removed would outlive it
// (there is no foreign key), so writers of a project's roles must hold the project still.
describe('DELETE /groups/{groupId} racing writes of its roles', () => {
  let t: TestApp;
  let w: World;
  let db: Client;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  async function newProject(name: string): Promise<string> {
    const created = await call<{ id: string }>('POST', `${t.apiUrl}/groups`, {
      auth: w.ownerA,
      body: { name, orgId: w.orgA.id },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  // `blocker` holds a row the writer needs after it has read the project; the delete then runs
  // (or waits on the writer) before the writer goes on.
  async function race(
    blocker: { sql: string; params: unknown[]; end?: 'COMMIT' | 'ROLLBACK' },
    write: () => Promise<Settled>,
    deleteUrl: string,
    auth: Credentials = w.ownerA,
  ): Promise<{ write: Settled; deleted: Settled }> {
    const holder = new Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(blocker.sql, blocker.params);
      const writing = write();
      await eventually(
        'the write waiting on the held row',
        async () => ((await sessionsWaitingOnLocks(db)) >= 1 ? true : undefined),
        30_000,
      );
      let deleteSettled = false;
      const deleting = call('DELETE', deleteUrl, { auth }).finally(() => {
        deleteSettled = true;
      });
      await eventually(
        'the delete answered or waiting too',
        async () => (deleteSettled || (await sessionsWaitingOnLocks(db)) >= 2 ? true : undefined),
        30_000,
      );
      await holder.query(blocker.end ?? 'COMMIT');
      const [written, deleted] = await Promise.all([writing, deleting]);
      return { write: written, deleted };
    } finally {
      await holder.end();
    }
  }

  it('should leave no team role behind when the project is deleted while a team is being assigned', async () => {
    const team = await call<{ id: string }>('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams`, {
      auth: w.ownerA,
      body: { name: 'Racers', usernames: [] },
    });
    expect(team.status).toBe(201);
    const groupId = await newProject('Doomed by team');

    const { deleted } = await race(
      { sql: 'SELECT id FROM teams WHERE id = $1 FOR UPDATE', params: [team.body.id] },
      () =>
        call('POST', `${t.apiUrl}/groups/${groupId}/teams`, {
          auth: w.ownerA,
          body: [{ teamId: team.body.id, roleNames: ['GROUP_READ_ONLY'] }],
        }),
      `${t.apiUrl}/groups/${groupId}`,
    );

    expect(deleted.status).toBe(200);
    const left = await db.query('SELECT count(*)::int AS n FROM team_project_roles WHERE group_id = $1', [
      groupId,
    ]);
    expect(left.rows[0].n).toBe(0);
    const teams = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.body.id}`, {
      auth: w.ownerA,
    });
    expect(teams.status).toBe(200);
  });

  it('should leave no team membership behind when the user is deleted while joining a team', async () => {
    const team = await call<{ id: string }>('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams`, {
      auth: w.ownerA,
      body: { name: 'Joiners', usernames: [] },
    });
    expect(team.status).toBe(201);
    const joiner = await createUser(t, w.admin, [{ orgId: w.orgA.id, roleName: 'ORG_MEMBER' }]);

    // The held (uncommitted) membership row makes the join wait just before it writes its own.
    const { write, deleted } = await race(
      {
        sql: 'INSERT INTO team_users (team_id, user_id) VALUES ($1, $2)',
        params: [team.body.id, joiner.user.id],
        end: 'ROLLBACK',
      },
      () =>
        call('POST', `${t.apiUrl}/orgs/${w.orgA.id}/teams/${team.body.id}/users`, {
          auth: w.ownerA,
          body: [{ id: joiner.user.id }],
        }),
      `${t.apiUrl}/users/${joiner.user.id}`,
      w.admin,
    );

    expect(deleted.status).toBe(204);
    expect(write.status).toBe(200);
    const left = await db.query('SELECT count(*)::int AS n FROM team_users WHERE user_id = $1', [
      joiner.user.id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });
});
