import {
  expectUnexpectedError,
  installEventWriteFailure,
  whileEventWriteFails,
} from '../../support/event-write-failure';
import type { Client } from 'pg';
import { call, type ApiResponse } from '../../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createProject,
  uniqueName,
  type BootstrapResult,
  type OrgView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { connect, eventsOfType } from './event-rows';

// "No change without its audit event, no event without its change": a failure injected into the event
// write, after the change, must leave neither behind and answer the product's 500.
let t: TestApp;
let db: Client;
let boot: BootstrapResult;
let org: OrgView;

beforeAll(async () => {
  t = await startTestApp();
  db = await connect(t.databaseUrl);
  boot = await bootstrapFirstUser(t);
  org = await createOrg(t, boot.globalKey);
  await installEventWriteFailure(db);
});

afterAll(async () => {
  await db.end();
  await t.close();
});

async function withFailingEventType(
  eventTypeName: string,
  work: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  return whileEventWriteFails(db, eventTypeName, work);
}

describe('POST /orgs', () => {
  it('should answer 500 UNEXPECTED_ERROR and keep neither the org nor ORG_CREATED when the event write fails', async () => {
    const name = uniqueName('rolled-back');
    const eventsBefore = (await eventsOfType(db, 'ORG_CREATED')).length;
    const response = await withFailingEventType('ORG_CREATED', () =>
      call('POST', `${t.apiUrl}/orgs`, { auth: boot.globalKey, body: { name } }),
    );
    expectUnexpectedError(response);
    expect(await eventsOfType(db, 'ORG_CREATED')).toHaveLength(eventsBefore);
    expect((await db.query('SELECT 1 FROM organizations WHERE name = $1', [name])).rows).toHaveLength(0);
    const orgs = await call('GET', `${t.apiUrl}/orgs?itemsPerPage=500`, { auth: boot.globalKey });
    expect(orgs.body.results.map((item: { name: string }) => item.name)).not.toContain(name);
  });

  it('should create the org with exactly one ORG_CREATED when the same call succeeds', async () => {
    const created = await createOrg(t, boot.globalKey, uniqueName('committed'));
    const events = (await eventsOfType(db, 'ORG_CREATED')).filter((row) => row.org_id === created.id);
    expect(events).toHaveLength(1);
  });
});

describe('POST /groups', () => {
  it('should answer 500 UNEXPECTED_ERROR and keep neither the project nor GROUP_CREATED when the event write fails', async () => {
    const name = uniqueName('rolled-back');
    const eventsBefore = (await eventsOfType(db, 'GROUP_CREATED')).length;
    const response = await withFailingEventType('GROUP_CREATED', () =>
      call('POST', `${t.apiUrl}/groups`, { auth: boot.globalKey, body: { name, orgId: org.id } }),
    );
    expectUnexpectedError(response);
    expect(await eventsOfType(db, 'GROUP_CREATED')).toHaveLength(eventsBefore);
    expect((await db.query('SELECT 1 FROM projects WHERE name = $1', [name])).rows).toHaveLength(0);
    const projects = await call('GET', `${t.apiUrl}/orgs/${org.id}/groups?itemsPerPage=500`, {
      auth: boot.globalKey,
    });
    expect(projects.status).toBe(200);
    expect(projects.body.results.map((item: { name: string }) => item.name)).not.toContain(name);
  });

  it('should create the project with exactly one GROUP_CREATED when the same call succeeds', async () => {
    const project = await createProject(t, boot.globalKey, org.id, uniqueName('committed'));
    const events = (await eventsOfType(db, 'GROUP_CREATED')).filter((row) => row.group_id === project.id);
    expect(events).toHaveLength(1);
  });
});
