import { call } from '../../support/digest-client';
import { createProject, uniqueName } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { auditEvents } from './audit-events';
import { buildWorld, type World } from './world';
import { expectApiError } from '../../support/api-error';

describe('PATCH /groups/{groupId}', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await startTestApp();
    w = await buildWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const eventsOf = async (type: string, groupId: string) =>
    (await auditEvents(t, type)).filter((event) => event.group_id === groupId);

  it('should rename a project for an org owner, record GROUP_NAME_CHANGED with the diff, and record nothing for the same name', async () => {
    const project = await createProject(t, w.admin, w.orgA.id, uniqueName('Before'));
    const newName = uniqueName('After');

    const renamed = await call('PATCH', `${t.apiUrl}/groups/${project.id}`, {
      auth: w.ownerA,
      body: { name: newName },
    });
    const again = await call('PATCH', `${t.apiUrl}/groups/${project.id}`, {
      auth: w.ownerA,
      body: { name: newName },
    });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: project.id, name: newName, orgId: w.orgA.id, tags: [] });
    expect(again.status).toBe(200);
    const read = await call('GET', `${t.apiUrl}/groups/${project.id}`, { auth: w.ownerA });
    expect(read.body.name).toBe(newName);
    const events = await eventsOf('GROUP_NAME_CHANGED', project.id);
    expect(events).toHaveLength(1);
    expect(events[0].org_id).toBe(w.orgA.id);
    expect(events[0].raw).toMatchObject({ oldName: project.name, newName });
  });

  it('should answer 409 GROUP_ALREADY_EXISTS for a name another project of the organization has, and allow it in another organization', async () => {
    const project = await createProject(t, w.admin, w.orgA.id, uniqueName('Mover'));

    const taken = await call('PATCH', `${t.apiUrl}/groups/${project.id}`, {
      auth: w.ownerA,
      body: { name: w.projectA2.name },
    });
    const otherOrgs = await call('PATCH', `${t.apiUrl}/groups/${project.id}`, {
      auth: w.ownerA,
      body: { name: w.projectB.name },
    });

    expectApiError(taken, 409, 'GROUP_ALREADY_EXISTS');
    expect(taken.body.detail).toContain(w.projectA2.name);
    expect(otherOrgs.status).toBe(200);
    expect(otherOrgs.body.name).toBe(w.projectB.name);
  });

  it('should accept the body GET printed with a new name, and refuse a changed read-only field naming it without writing', async () => {
    const project = await createProject(t, w.admin, w.orgA.id, uniqueName('Round trip'));
    const printed = (await call('GET', `${t.apiUrl}/groups/${project.id}`, { auth: w.ownerA })).body;
    const newName = uniqueName('Round tripped');

    const written = await call('PATCH', `${t.apiUrl}/groups/${project.id}`, {
      auth: w.ownerA,
      body: { ...printed, name: newName },
    });
    const moved = await call('PATCH', `${t.apiUrl}/groups/${project.id}`, {
      auth: w.ownerA,
      body: { ...printed, name: uniqueName('Never'), orgId: w.orgB.id },
    });

    expect(written.status).toBe(200);
    expect(written.body.name).toBe(newName);
    expectApiError(moved, 400, 'ATTRIBUTE_READ_ONLY');
    expect(moved.body.detail).toContain('orgId');
    const read = await call('GET', `${t.apiUrl}/groups/${project.id}`, { auth: w.ownerA });
    expect(read.body).toMatchObject({ name: newName, orgId: w.orgA.id });
  });

  it('should refuse a body with neither name nor tags, an empty name and a null name', async () => {
    const url = `${t.apiUrl}/groups/${w.projectA.id}`;

    const empty = await call('PATCH', url, { auth: w.ownerA, body: {} });
    const blank = await call('PATCH', url, { auth: w.ownerA, body: { name: '' } });
    const unknown = await call('PATCH', url, { auth: w.ownerA, body: { name: 'x', color: 'red' } });

    expectApiError(empty, 400, 'MISSING_ONE_OF_ATTRIBUTES');
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toContain('name');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('color');
    expect((await call('GET', url, { auth: w.ownerA })).body.name).toBe('Project A');
  });

  it('should let a global owner set tags, show them to global callers only, and record GROUP_TAGS_MODIFIED', async () => {
    const project = await createProject(t, w.admin, w.orgA.id, uniqueName('Tagged'));
    const url = `${t.apiUrl}/groups/${project.id}`;

    const tagged = await call('PATCH', url, { auth: w.admin, body: { tags: ['prod', 'Team_A.1-x'] } });
    const byOwner = await call('GET', url, { auth: w.ownerA });
    const byGlobal = await call('GET', url, { auth: w.admin });
    const listed = await call('GET', `${t.apiUrl}/orgs/${w.orgA.id}/groups?itemsPerPage=500`, {
      auth: w.admin,
    });

    expect(tagged.status).toBe(200);
    expect(tagged.body.tags).toEqual(['prod', 'Team_A.1-x']);
    expect(byOwner.body.tags).toEqual([]);
    expect(byGlobal.body.tags).toEqual(['prod', 'Team_A.1-x']);
    expect(listed.body.results.find((p: { id: string }) => p.id === project.id).tags).toEqual([
      'prod',
      'Team_A.1-x',
    ]);
    const events = await eventsOf('GROUP_TAGS_MODIFIED', project.id);
    expect(events).toHaveLength(1);
    expect(events[0].raw).toMatchObject({ oldTags: [], newTags: ['prod', 'Team_A.1-x'] });
  });

  it('should refuse tags from a caller without a global role, yet accept the empty tags GET showed it', async () => {
    const project = await createProject(t, w.admin, w.orgA.id, uniqueName('Owner tags'));
    const url = `${t.apiUrl}/groups/${project.id}`;
    await call('PATCH', url, { auth: w.admin, body: { tags: ['kept'] } });
    const printed = (await call('GET', url, { auth: w.ownerA })).body;
    const newName = uniqueName('Owner renamed');

    const refused = await call('PATCH', url, { auth: w.ownerA, body: { tags: ['mine'] } });
    const writeBack = await call('PATCH', url, { auth: w.ownerA, body: { ...printed, name: newName } });

    expectApiError(refused, 401, 'USER_UNAUTHORIZED');
    expect(writeBack.status).toBe(200);
    expect(writeBack.body).toMatchObject({ name: newName, tags: [] });
    expect((await call('GET', url, { auth: w.admin })).body.tags).toEqual(['kept']);
    expect(await eventsOf('GROUP_TAGS_MODIFIED', project.id)).toHaveLength(1);
  });

  it('should refuse tags outside the rules, naming the field', async () => {
    const url = `${t.apiUrl}/groups/${w.projectA.id}`;
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);

    for (const tags of [['has space'], ['x'.repeat(33)], [''], eleven, ['ok', 7], 'prod']) {
      const response = await call('PATCH', url, { auth: w.admin, body: { tags } });

      expect({ tags, status: response.status }).toEqual({ tags, status: 400 });
      expect(response.body.detail).toContain('tags');
    }
    expect((await call('GET', url, { auth: w.admin })).body.tags).toEqual([]);
  });

  it('should refuse callers who do not own the project', async () => {
    const url = `${t.apiUrl}/groups/${w.projectA.id}`;
    const body = { name: 'Taken over' };

    expectApiError(await call('PATCH', url, { auth: w.projectReaderA, body }), 401, 'USER_UNAUTHORIZED');
    expectApiError(await call('PATCH', url, { auth: w.memberA, body }), 401, 'NOT_IN_GROUP');
    expectApiError(await call('PATCH', url, { auth: w.readOnlyA, body }), 401, 'USER_UNAUTHORIZED');
    expectApiError(await call('PATCH', url, { auth: w.ownerB, body }), 401, 'NOT_IN_GROUP');
    expect((await call('GET', url, { auth: w.admin })).body.name).toBe('Project A');
  });
});
