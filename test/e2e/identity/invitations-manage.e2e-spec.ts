import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { auditEvents, countRows } from './audit-events';
import {
  accept,
  address,
  DAY,
  invite,
  invitationSuite,
  mailTo,
  orgInvites,
  projectInvites,
  sha256,
  showLink,
  type InvitationView,
} from './invitations.fixture';

// The user admins of an organization or project invite people by e-mail, read and change the pending
// invitations and withdraw them; only roles they could grant, each change audited, the e-mail sent
// through the service's SMTP server with a link under PUBLIC_BASE_URL.
describe('POST /orgs/{orgId}/invites and /groups/{groupId}/invites (managing invitations)', () => {
  const clock = new ManualClock(new Date('2024-07-01T10:00:00Z'));
  const w = invitationSuite(clock);

  it('should create an organization invitation with the product fields, e-mail its link and keep only the hash of its token', async () => {
    const username = address();
    const created = await invite(orgInvites(w), w.orgOwner, { username, roles: ['ORG_MEMBER'] });

    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      orgId: w.orgId,
      orgName: w.orgName,
      username,
      roles: ['ORG_MEMBER'],
      teamIds: [],
      inviterUsername: w.orgOwner.publicKey,
      createdAt: '2024-07-01T10:00:00Z',
      expiresAt: '2024-07-31T10:00:00Z',
    });
    const { mail, token } = mailTo(w, username);
    expect(mail.headers.subject).toContain(w.orgName);
    expect(mail.text).toContain(w.orgOwner.publicKey);
    expect(mail.text).toContain('ORG_MEMBER');
    expect(mail.text).not.toContain(w.t.baseUrl);
    expect(
      await countRows(w.t, 'SELECT 1 FROM invitations WHERE id = $1 AND token_hash = $2', [
        created.id,
        sha256(token),
      ]),
    ).toBe(1);
    expect(
      await countRows(w.t, `SELECT 1 FROM invitations WHERE token_hash LIKE '%' || $1 || '%'`, [token]),
    ).toBe(0);
    const audited = (await auditEvents(w.t, 'INVITED_TO_ORG')).filter(
      (row) => row.subject?.targetUsername === username,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ org_id: w.orgId, group_id: null, raw: { invitationId: created.id } });
    expect(JSON.stringify(audited[0])).not.toContain(token);
  });

  it('should create a project invitation naming the project and record INVITED_TO_GROUP', async () => {
    const username = address();
    const created = await invite(projectInvites(w), w.projectUserAdmin, {
      username,
      roles: ['GROUP_READ_ONLY', 'GROUP_MONITORING_ADMIN'],
    });

    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      groupId: w.groupId,
      groupName: w.groupName,
      teamIds: [],
      username,
      roles: ['GROUP_MONITORING_ADMIN', 'GROUP_READ_ONLY'],
      inviterUsername: w.projectUserAdmin.publicKey,
      createdAt: '2024-07-01T10:00:00Z',
      expiresAt: '2024-07-31T10:00:00Z',
    });
    expect(mailTo(w, username).mail.headers.subject).toContain(w.groupName);
    const audited = (await auditEvents(w.t, 'INVITED_TO_GROUP')).filter(
      (row) => row.subject?.targetUsername === username,
    );
    expect(audited).toEqual([expect.objectContaining({ org_id: w.orgId, group_id: w.groupId })]);
  });

  it('should refuse a role the caller could not grant, sending nothing and recording nothing', async () => {
    const username = address();
    const refused = await call('POST', projectInvites(w), {
      auth: w.projectUserAdmin,
      body: { username, roles: ['GROUP_READ_ONLY', 'GROUP_OWNER'] },
    });
    expectApiError(refused, 401, 'NOT_GROUP_USER_ADMIN', ['GROUP_OWNER', w.groupId]);

    const wrongKind = await call('POST', projectInvites(w), {
      auth: w.projectUserAdmin,
      body: { username, roles: ['ORG_OWNER'] },
    });
    expectApiError(wrongKind, 400, 'INVALID_ENUM_VALUE', ['ORG_OWNER', 'roles[0]']);

    const notAdmin = await call('POST', projectInvites(w), {
      auth: w.reader,
      body: { username, roles: ['GROUP_READ_ONLY'] },
    });
    expect(notAdmin.status).toBe(401);
    // A project user admin administers no organization.
    const orgRefused = await call('POST', orgInvites(w), {
      auth: w.projectUserAdmin,
      body: { username, roles: ['ORG_MEMBER'] },
    });
    expectApiError(orgRefused, 401, 'USER_UNAUTHORIZED');

    expect(w.smtp.messages).toHaveLength(0);
    expect(await countRows(w.t, 'SELECT 1 FROM invitations WHERE username = $1', [username])).toBe(0);
    expect((await auditEvents(w.t)).filter((row) => row.subject?.targetUsername === username)).toHaveLength(
      0,
    );
  });

  it('should refuse to raise an invitation above the caller on update, and replace the roles otherwise', async () => {
    const username = address();
    const created = await invite(projectInvites(w), w.projectUserAdmin, {
      username,
      roles: ['GROUP_READ_ONLY'],
    });

    const refused = await call('PATCH', projectInvites(w, `/${created.id}`), {
      auth: w.projectUserAdmin,
      body: { roles: ['GROUP_OWNER'] },
    });
    expectApiError(refused, 401, 'NOT_GROUP_USER_ADMIN', ['GROUP_OWNER', w.groupId]);

    const byId = await call<InvitationView>('PATCH', projectInvites(w, `/${created.id}`), {
      auth: w.projectUserAdmin,
      body: { roles: ['GROUP_AUTOMATION_ADMIN'] },
    });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: created.id,
      roles: ['GROUP_AUTOMATION_ADMIN'],
      expiresAt: created.expiresAt,
    });

    const byName = await call<InvitationView>('PATCH', projectInvites(w), {
      auth: w.projectUserAdmin,
      body: { username, roles: ['GROUP_READ_ONLY'] },
    });
    expect(byName.status).toBe(200);
    expect(byName.body.roles).toEqual(['GROUP_READ_ONLY']);
    const read = await call<InvitationView>('GET', projectInvites(w, `/${created.id}`), {
      auth: w.projectUserAdmin,
    });
    expect(read.body.roles).toEqual(['GROUP_READ_ONLY']);
    // What GET printed may come back unchanged (clients write back what they read), never changed.
    const roundTrip = await call<InvitationView>('PATCH', projectInvites(w, `/${created.id}`), {
      auth: w.projectUserAdmin,
      body: { ...read.body, roles: ['GROUP_MONITORING_ADMIN'] },
    });
    expect(roundTrip.status).toBe(200);
    const forged = await call('PATCH', projectInvites(w, `/${created.id}`), {
      auth: w.projectUserAdmin,
      body: { ...read.body, expiresAt: '2030-01-01T00:00:00Z' },
    });
    expectApiError(forged, 400, 'ATTRIBUTE_READ_ONLY');

    const updates = (await auditEvents(w.t, 'INVITATION_UPDATED')).filter(
      (row) => row.subject?.targetUsername === username,
    );
    expect(updates.map((row) => row.raw?.rolesAfter)).toEqual([
      ['GROUP_AUTOMATION_ADMIN'],
      ['GROUP_READ_ONLY'],
      ['GROUP_MONITORING_ADMIN'],
    ]);
  });

  it('should list the pending invitations as a bare array, a page at a time, and narrow them by username', async () => {
    const usernames = [address('listed'), address('listed'), address('listed')];
    for (const username of usernames) {
      await invite(orgInvites(w), w.orgOwner, { username, roles: ['ORG_READ_ONLY'] });
    }

    const all = await call<InvitationView[]>('GET', orgInvites(w, '?itemsPerPage=500'), { auth: w.orgOwner });
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((row) => row.username)).toEqual(expect.arrayContaining(usernames));
    const first = await call<InvitationView[]>('GET', orgInvites(w, '?itemsPerPage=2&pageNum=1'), {
      auth: w.orgOwner,
    });
    const rest = await call<InvitationView[]>(
      'GET',
      orgInvites(w, `?itemsPerPage=${all.body.length - 2}&pageNum=2`),
      {
        auth: w.orgOwner,
      },
    );
    expect(first.body).toHaveLength(2);
    expect([...first.body, ...rest.body].map((row) => row.id)).toEqual(
      all.body.slice(0, 2 + rest.body.length).map((row) => row.id),
    );
    expect((await call('GET', orgInvites(w, '?itemsPerPage=501'), { auth: w.orgOwner })).status).toBe(400);

    const one = await call<InvitationView[]>(
      'GET',
      orgInvites(w, `?username=${encodeURIComponent(usernames[1])}`),
      {
        auth: w.orgOwner,
      },
    );
    expect(one.body.map((row) => row.username)).toEqual([usernames[1]]);
    // Project invitations are not the organization's.
    const projectList = await call<InvitationView[]>('GET', projectInvites(w, '?itemsPerPage=500'), {
      auth: w.projectUserAdmin,
    });
    expect(projectList.body.every((row) => row.groupId === w.groupId)).toBe(true);
    expect(projectList.body.map((row) => row.username)).not.toContain(usernames[0]);
    expect((await call('GET', orgInvites(w), { auth: w.reader })).status).toBe(401);
  });

  it('should refuse a second pending invitation of one address with 409', async () => {
    const username = address();
    await invite(orgInvites(w), w.orgOwner, { username, roles: ['ORG_MEMBER'] });
    const again = await call('POST', orgInvites(w), {
      auth: w.orgOwner,
      body: { username, roles: ['ORG_MEMBER'] },
    });
    expectApiError(again, 409, 'INVITATION_ALREADY_PENDING');
  });

  it('should withdraw an invitation on DELETE, after which its link is refused with 410', async () => {
    const username = address();
    const created = await invite(orgInvites(w), w.orgOwner, { username, roles: ['ORG_MEMBER'] });
    const { token } = mailTo(w, username);

    const deleted = await call('DELETE', orgInvites(w, `/${created.id}`), { auth: w.orgOwner });
    expect(deleted.status).toBe(204);

    expectApiError(
      await call('GET', orgInvites(w, `/${created.id}`), { auth: w.orgOwner }),
      404,
      'INVITATION_NOT_FOUND',
    );
    expectApiError(
      await call('DELETE', orgInvites(w, `/${created.id}`), { auth: w.orgOwner }),
      404,
      'INVITATION_NOT_FOUND',
    );
    expectApiError(await showLink(w, token), 410, 'INVITATION_WITHDRAWN');
    const refused = await accept(w, { token, password: 'Fresh-Start-42', firstName: 'Ann', lastName: 'Bo' });
    expectApiError(refused, 410, 'INVITATION_WITHDRAWN');
    expect(await countRows(w.t, 'SELECT 1 FROM users WHERE username = $1', [username])).toBe(0);
    expect(
      (await auditEvents(w.t, 'INVITATION_DELETED')).filter(
        (row) => row.subject?.targetUsername === username,
      ),
    ).toHaveLength(1);
  });

  it('should refuse an expired link with 410 after 30 days, and let the address be invited afresh', async () => {
    const username = address();
    await invite(orgInvites(w), w.orgOwner, { username, roles: ['ORG_MEMBER'] });
    const { token } = mailTo(w, username);
    clock.advance(30 * DAY);
    try {
      expectApiError(await showLink(w, token), 410, 'INVITATION_EXPIRED');
      const refused = await accept(w, {
        token,
        password: 'Fresh-Start-42',
        firstName: 'Ann',
        lastName: 'Bo',
      });
      expectApiError(refused, 410, 'INVITATION_EXPIRED');
      expect(await countRows(w.t, 'SELECT 1 FROM users WHERE username = $1', [username])).toBe(0);

      w.smtp.reset();
      const renewed = await invite(orgInvites(w), w.orgOwner, { username, roles: ['ORG_MEMBER'] });
      expect(Date.parse(renewed.expiresAt) - clock.now().getTime()).toBe(30 * DAY);
      const fresh = mailTo(w, username).token;
      expect(fresh).not.toBe(token);
      expect((await showLink(w, fresh)).status).toBe(200);
      // The old link stays dead: its invitation was replaced.
      expectApiError(await showLink(w, token), 410, 'INVITATION_WITHDRAWN');
    } finally {
      clock.advance(-30 * DAY);
    }
  });

  it('should create nothing when the SMTP server refuses the e-mail (502), nor record an event', async () => {
    const username = address();
    w.smtp.rejectNext(550, 'mailbox unavailable');
    const refused = await call('POST', orgInvites(w), {
      auth: w.orgOwner,
      body: { username, roles: ['ORG_MEMBER'] },
    });
    expectApiError(refused, 502, 'INVITATION_MAIL_FAILED');
    expect(await countRows(w.t, 'SELECT 1 FROM invitations WHERE username = $1', [username])).toBe(0);
    expect(
      (await auditEvents(w.t, 'INVITED_TO_ORG')).filter((row) => row.subject?.targetUsername === username),
    ).toHaveLength(0);
  });

  it('should refuse a body over the caps or without a valid address, naming the field', async () => {
    const tooMany = await call('POST', orgInvites(w), {
      auth: w.orgOwner,
      body: { username: address(), roles: Array.from({ length: 11 }, () => 'ORG_MEMBER') },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('roles');
    const teams = await call('POST', orgInvites(w), {
      auth: w.orgOwner,
      body: {
        username: address(),
        roles: ['ORG_MEMBER'],
        teamIds: Array.from({ length: 101 }, () => 'a'.repeat(24)),
      },
    });
    expect(teams.status).toBe(400);
    expect(teams.text).toContain('teamIds');
    const notAnAddress = await call('POST', orgInvites(w), {
      auth: w.orgOwner,
      body: { username: 'not an address', roles: ['ORG_MEMBER'] },
    });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.text).toContain('username');
    const unknownTeam = await call('POST', orgInvites(w), {
      auth: w.orgOwner,
      body: { username: address(), roles: ['ORG_MEMBER'], teamIds: ['a'.repeat(24)] },
    });
    expectApiError(unknownTeam, 404, 'TEAM_NOT_FOUND');
  });
});
