import { call, type Credentials } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import { deployment, getJson, startAutomationApp, type Deployment } from './automation.fixture';
import { expectApiError } from '../../support/api-error';

const config = (processNames: string[]) => ({
  options: { downloadBase: '/var/lib/mongodb-mms-automation' },
  mongoDbVersions: [{ name: '7.0.2' }],
  processes: processNames.map((name) => ({
    name,
    hostname: 'example.net',
    processType: 'mongod',
    version: '7.0.2',
  })),
  replicaSets: [],
  sharding: [],
  // The Go client sends empty sections as null.
  balancer: null,
  cpsModules: null,
});

describe('PUT /groups/{groupId}/automationConfig', () => {
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp();
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const path = () => `${t.apiUrl}/groups/${d.groupId}/automationConfig`;
  const put = (body: unknown, auth: Credentials = d.automationAdmin) => call('PUT', path(), { auth, body });

  it('should read an empty configuration with version 0 when none was published', async () => {
    const response = await call('GET', path(), { auth: d.automationAdmin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ version: 0, processes: [], replicaSets: [], sharding: [] });
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/automationStatus`)).body).toEqual({
      goalVersion: 0,
      processes: [],
    });
  });

  it('should publish the document, raise the goal version by one each time and ignore a version in the body', async () => {
    const first = await put({ ...config(['a']), version: 41 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...config(['a']), version: 1 });
    const second = await put(config(['a', 'b']));
    expect(second.body.version).toBe(2);
    expect((await call('GET', path(), { auth: d.groupOwner })).body).toEqual({
      ...config(['a', 'b']),
      version: 2,
    });
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/automationStatus`)).body.goalVersion).toBe(2);
  });

  it('should record AUTOMATION_CONFIG_PUBLISHED_AUDIT with the version change and the caller', async () => {
    const before = (await call('GET', path(), { auth: d.automationAdmin })).body.version as number;
    await put(config(['a', 'b', 'c']));
    const [event] = await projectEvents(t, d.readOnly, d.groupId, 'AUTOMATION_CONFIG_PUBLISHED_AUDIT');
    expect(event).toMatchObject({
      groupId: d.groupId,
      orgId: d.orgId,
      publicKey: d.automationAdmin.publicKey,
      diffs: [
        {
          type: 'AUTOMATION_CONFIG',
          status: 'MODIFIED',
          params: [{ param: 'version', old: before, new: before + 1 }],
        },
      ],
      raw: { goalVersion: before + 1, changedSections: ['processes'] },
    });
  });

  it('should give concurrent replaces distinct consecutive versions and report the last one as the goal', async () => {
    const before = (await call('GET', path(), { auth: d.automationAdmin })).body.version as number;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => put(config([`p${i}`]))));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const versions = results.map((r) => r.body.version as number).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: 8 }, (_, i) => before + i + 1));

    const winner = results.find((r) => r.body.version === before + 8)!;
    const stored = (await call('GET', path(), { auth: d.automationAdmin })).body;
    expect(stored).toEqual(winner.body);
    expect((await getJson(t, d.readOnly, `/groups/${d.groupId}/automationStatus`)).body.goalVersion).toBe(
      before + 8,
    );
    const events = await projectEvents(t, d.readOnly, d.groupId, 'AUTOMATION_CONFIG_PUBLISHED_AUDIT');
    const published = events
      .map((e) => (e.raw as { goalVersion: number }).goalVersion)
      .filter((v) => v > before);
    expect(published.sort((x, y) => x - y)).toEqual(versions);
  });

  it('should refuse an unknown section with INVALID_ATTRIBUTE and a section of the wrong type naming it', async () => {
    const unknown = await put({ ...config([]), colour: 'red' });
    expectApiError(unknown, 400, 'INVALID_ATTRIBUTE', ['colour']);
    const wrongType = await put({ ...config([]), processes: { name: 'a' } });
    expectApiError(wrongType, 400, 'INVALID_JSON_ATTRIBUTE', ['processes']);
  });

  it.each([
    ['a project read-only key', 'USER_UNAUTHORIZED', 'readOnly'],
    ['a monitoring admin', 'USER_UNAUTHORIZED', 'monitoringAdmin'],
    ['an organization member without a project role', 'NOT_IN_GROUP', 'outsider'],
  ] as const)('should refuse %s to read or replace with 401 %s', async (_case, errorCode, caller) => {
    const version = (await call('GET', path(), { auth: d.automationAdmin })).body.version as number;
    const replaced = await put(config(['x']), d[caller]);
    expectApiError(replaced, 401, errorCode);
    const read = await call('GET', path(), { auth: d[caller] });
    expect(read.status).toBe(401);
    expect((await call('GET', path(), { auth: d.automationAdmin })).body.version).toBe(version);
  });

  it('should let the organization owner and a global owner replace it', async () => {
    expect((await put(config(['o']), d.orgOwner)).status).toBe(200);
    expect((await put(config(['g']), d.globalOwner)).status).toBe(200);
  });

  it('should answer GROUP_NOT_FOUND to a global owner naming an unknown project', async () => {
    const missing = '0123456789abcdef01234567';
    const response = await call('PUT', `${t.apiUrl}/groups/${missing}/automationConfig`, {
      auth: d.globalOwner,
      body: config([]),
    });
    expectApiError(response, 404, 'GROUP_NOT_FOUND', [missing]);
  });
});
