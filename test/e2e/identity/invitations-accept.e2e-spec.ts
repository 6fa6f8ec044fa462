import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { createUser, type UserView } from '../../support/factories/identity.fixture';
import { auditEvents, countRows } from './audit-events';
import {
  accept,
  address,
  invite,
  invitationSuite,
  mailTo,
  orgInvites,
  projectInvites,
  showLink,
} from './invitations.fixture';

const NEW_PASSWORD = 'Fresh-Start-42';

// Following the e-mailed link: a new person chooses a password and signs in with Digest from then on; an
// existing user joins with the invited roles and teams. Each link works once; every step is audited.
describe('POST /unauth/invitations/accept', () => {
  const clock = new ManualClock(new Date('2024-07-01T10:00:00Z'));
  const w = invitationSuite(clock);

  async function createTeam(name: string, roleNames: string[]): Promise<string> {
    const team = await call<{ id: string }>('POST', `${w.t.apiUrl}/orgs/${w.orgId}/teams`, {
      auth: w.orgOwner,
      body: { name },
    });
    expect(team.status).toBe(201);
    const assigned = await call('POST', `${w.t.apiUrl}/groups/${w.groupId}/teams`, {
      auth: w.orgOwner,
      body: [{ teamId: team.body.id, roleNames }],
    });
    expect(assigned.status).toBe(200);
    return team.body.id;
  }

  const audited = async (eventTypeName: string, username: string) =>
    (await auditEvents(w.t, eventTypeName)).filter((row) => row.subject?.targetUsername === username);

  it('should make a new person a user with the invited roles and teams, who then signs in with Digest', async () => {
    const teamId = await createTeam(`readers-${Date.now()}`, ['GROUP_READ_ONLY']);
    const username = address('newcomer');
    const created = await invite(orgInvites(w), w.orgOwner, {
      username,
      roles: ['ORG_MEMBER'],
      teamIds: [teamId],
    });
    expect(created.teamIds).toEqual([teamId]);
    const { token } = mailTo(w, username);

    const shown = await showLink(w, token);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      username,
      orgId: w.orgId,
      orgName: w.orgName,
      roles: ['ORG_MEMBER'],
      inviterUsername: w.orgOwner.publicKey,
      expiresAt: '2024-07-31T10:00:00Z',
      newUser: true,
    });

    expectApiError(await accept(w, { token, firstName: 'Ann', lastName: 'Bo' }), 400, 'MISSING_ATTRIBUTE', [
      'password',
    ]);
    expectApiError(
      await accept(w, { token, password: NEW_PASSWORD, lastName: 'Bo' }),
      400,
      'MISSING_ATTRIBUTE',
      ['firstName'],
    );
    expectApiError(
      await accept(w, { token, password: 'password', firstName: 'Ann', lastName: 'Bo' }),
      400,
      'WEAK_PASSWORD',
    );
    expect(await countRows(w.t, 'SELECT 1 FROM users WHERE username = $1', [username])).toBe(0);

    const accepted = await accept(w, { token, password: NEW_PASSWORD, firstName: 'Ann', lastName: 'Bo' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      username,
      emailAddress: username,
      firstName: 'Ann',
      lastName: 'Bo',
      roles: [{ orgId: w.orgId, roleName: 'ORG_MEMBER' }],
      teamIds: [teamId],
    });

    // The new user signs in with Digest and reaches the project through the team.
    const credentials = { publicKey: username, privateKey: NEW_PASSWORD };
    expect((await call('GET', `${w.t.apiUrl}/orgs/${w.orgId}`, { auth: credentials })).status).toBe(200);
    expect((await call('GET', `${w.t.apiUrl}/groups/${w.groupId}`, { auth: credentials })).status).toBe(200);
    expect(
      (
        await call('GET', `${w.t.apiUrl}/groups/${w.groupId}`, {
          auth: { ...credentials, privateKey: 'Wrong-Pass-1' },
        })
      ).status,
    ).toBe(401);

    // Once only; and no longer pending.
    expectApiError(await accept(w, { token }), 409, 'INVITATION_ALREADY_ACCEPTED');
    expectApiError(await showLink(w, token), 409, 'INVITATION_ALREADY_ACCEPTED');
    const pending = await call<Array<{ username: string }>>(
      'GET',
      orgInvites(w, `?username=${encodeURIComponent(username)}`),
      { auth: w.orgOwner },
    );
    expect(pending.body).toEqual([]);

    expect(await audited('INVITED_TO_ORG', username)).toHaveLength(1);
    expect(await audited('USER_CREATED', username)).toHaveLength(1);
    expect(await audited('JOINED_ORG', username)).toEqual([
      expect.objectContaining({
        org_id: w.orgId,
        raw: expect.objectContaining({ rolesAfter: ['ORG_MEMBER'] }),
      }),
    ]);
    expect(await audited('JOINED_TEAM', username)).toEqual([
      expect.objectContaining({ subject: expect.objectContaining({ teamId }) }),
    ]);
    expect(await audited('INVITATION_ACCEPTED', username)).toEqual([
      expect.objectContaining({
        org_id: w.orgId,
        raw: expect.objectContaining({ invitationId: created.id }),
      }),
    ]);
  });

  it('should give an existing user the invited project roles without touching its password', async () => {
    const { user, credentials } = await createUser(w.t, w.boot.globalKey, [
      { orgId: w.orgId, roleName: 'ORG_MEMBER' },
    ]);
    await invite(projectInvites(w), w.projectUserAdmin, {
      username: user.username,
      roles: ['GROUP_READ_ONLY'],
    });
    const { token } = mailTo(w, user.username);
    expect((await showLink(w, token)).body).toMatchObject({
      newUser: false,
      groupId: w.groupId,
      groupName: w.groupName,
    });
    expect((await call('GET', `${w.t.apiUrl}/groups/${w.groupId}`, { auth: credentials })).status).toBe(401);

    expectApiError(await accept(w, { token, password: NEW_PASSWORD }), 400, 'INVITATION_PASSWORD_NOT_TAKEN');
    const accepted = await accept(w, { token });
    expect(accepted.status).toBe(200);
    expect((accepted.body as UserView).roles).toEqual(
      expect.arrayContaining([
        { orgId: w.orgId, roleName: 'ORG_MEMBER' },
        { groupId: w.groupId, roleName: 'GROUP_READ_ONLY' },
      ]),
    );
    // Its own password still signs it in, and now reaches the project.
    expect((await call('GET', `${w.t.apiUrl}/groups/${w.groupId}`, { auth: credentials })).status).toBe(200);
    expect(await audited('INVITED_TO_GROUP', user.username)).toHaveLength(1);
    expect(await audited('JOINED_GROUP', user.username)).toEqual([
      expect.objectContaining({
        group_id: w.groupId,
        raw: expect.objectContaining({ rolesAfter: ['GROUP_READ_ONLY'] }),
      }),
    ]);
  });

  it('should refuse an unknown token with 404 and a missing one with 400', async () => {
    expectApiError(await accept(w, { token: 'A'.repeat(43) }), 404, 'INVITATION_LINK_NOT_FOUND');
    expectApiError(await showLink(w, 'not-a-token'), 404, 'INVITATION_LINK_NOT_FOUND');
    const missing = await accept(w, {});
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('token');
  });

  it('should grant nothing when the inviter can no longer grant the roles, nor when it is gone', async () => {
    const { user: admin, credentials: adminCredentials } = await createUser(w.t, w.boot.globalKey, [
      { orgId: w.orgId, roleName: 'ORG_MEMBER' },
      { groupId: w.groupId, roleName: 'GROUP_USER_ADMIN' },
    ]);
    const username = address('demoted');
    await invite(projectInvites(w), adminCredentials, { username, roles: ['GROUP_MONITORING_ADMIN'] });
    const { token } = mailTo(w, username);
    // The inviter loses its right to grant project roles before the link is followed.
    const demoted = await call('PATCH', `${w.t.apiUrl}/users/${admin.id}`, {
      auth: w.boot.globalKey,
      body: { roles: [{ orgId: w.orgId, roleName: 'ORG_MEMBER' }] },
    });
    expect(demoted.status).toBe(200);

    const refused = await accept(w, { token, password: NEW_PASSWORD, firstName: 'Ann', lastName: 'Bo' });
    expectApiError(refused, 409, 'INVITER_CANNOT_GRANT', [username, 'GROUP_MONITORING_ADMIN']);
    expect(await countRows(w.t, 'SELECT 1 FROM users WHERE username = $1', [username])).toBe(0);
    expect(await audited('USER_CREATED', username)).toHaveLength(0);

    // Deleted altogether: the invitation names nobody who could grant anything.
    expect((await call('DELETE', `${w.t.apiUrl}/users/${admin.id}`, { auth: w.boot.globalKey })).status).toBe(
      204,
    );
    expectApiError(
      await accept(w, { token, password: NEW_PASSWORD, firstName: 'Ann', lastName: 'Bo' }),
      409,
      'INVITER_GONE',
    );
  });

  it('should raise an informational INVITED_TO_GROUP alert in the project when a configuration asks for it', async () => {
    const config = await call<{ id: string }>('POST', `${w.t.apiUrl}/groups/${w.groupId}/alertConfigs`, {
      auth: w.orgOwner,
      body: {
        eventTypeName: 'INVITED_TO_GROUP',
        enabled: true,
        notifications: [{ typeName: 'EMAIL', emailAddress: 'ops@example.com', delayMin: 0, intervalMin: 60 }],
      },
    });
    expect(config.status).toBe(201);
    const username = address('watched');
    await invite(projectInvites(w), w.projectUserAdmin, { username, roles: ['GROUP_READ_ONLY'] });

    const alerts = await call<{
      results: Array<{ eventTypeName: string; status: string; alertConfigId: string }>;
    }>('GET', `${w.t.apiUrl}/groups/${w.groupId}/alerts?itemsPerPage=500`, { auth: w.reader });
    expect(alerts.status).toBe(200);
    expect(alerts.body.results.filter((alert) => alert.alertConfigId === config.body.id)).toEqual([
      expect.objectContaining({
        eventTypeName: 'INVITED_TO_GROUP',
        status: 'CLOSED',
        alertConfigId: config.body.id,
      }),
    ]);
  });
});
