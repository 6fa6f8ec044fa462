import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { digestAsSent } from '../../support/raw-digest';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  type BootstrapResult,
  type OrgView,
  type ProjectView,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

const JSON_TYPE = { 'content-type': 'application/json' };

function parsed(response: { text: string }): any {
  return response.text === '' ? undefined : JSON.parse(response.text);
}

// The official Go client encodes its nil options as a JSON body: `GET` with `Content-Type:
// application/json` and the five bytes `null\n` (Projects.GetTeams, for one). Such a body, or an empty
// one, carries nothing: the request is served as if it had none.
describe('GET /groups/{groupId}/teams', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let org: OrgView;
  let project: ProjectView;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    org = await createOrg(t, boot.globalKey);
    project = await createProject(t, boot.globalKey, org.id);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should answer as without a body when the body is the JSON null the Go client sends', async () => {
    const plain = await call('GET', `${t.apiUrl}/groups/${project.id}/teams`, { auth: boot.globalKey });

    const withNull = await digestAsSent(
      'GET',
      `${t.apiUrl}/groups/${project.id}/teams`,
      boot.globalKey,
      JSON_TYPE,
      'null\n',
    );

    expect(plain.status).toBe(200);
    expect(withNull.status).toBe(200);
    expect(parsed(withNull)).toEqual(plain.body);
  });

  it('should answer as without a body when the body is empty or a null between spaces', async () => {
    for (const rawBody of ['', ' null ', '\r\nnull\r\n']) {
      const response = await digestAsSent(
        'GET',
        `${t.apiUrl}/groups/${project.id}`,
        boot.globalKey,
        JSON_TYPE,
        rawBody,
      );

      expect({ rawBody, status: response.status }).toEqual({ rawBody, status: 200 });
      expect(parsed(response).id).toBe(project.id);
    }
  });

  it('should answer as without a body when a list with query parameters gets a null body', async () => {
    const response = await digestAsSent(
      'GET',
      `${t.apiUrl}/orgs?itemsPerPage=1&pageNum=1`,
      boot.globalKey,
      JSON_TYPE,
      'null\n',
    );

    expect(response.status).toBe(200);
    expect(parsed(response).results).toHaveLength(1);
  });

  it('should still refuse a body that is neither null nor a document when a GET carries one', async () => {
    for (const rawBody of ['5', '"x"', 'true', 'nul', 'null null']) {
      const response = await digestAsSent(
        'GET',
        `${t.apiUrl}/groups/${project.id}`,
        boot.globalKey,
        JSON_TYPE,
        rawBody,
      );

      expect({ rawBody, status: response.status }).toEqual({ rawBody, status: 400 });
    }
  });

  it('should still refuse a null body with the missing attribute when a POST needs one', async () => {
    const response = await digestAsSent('POST', `${t.apiUrl}/orgs`, boot.globalKey, JSON_TYPE, 'null\n');

    expect(response.status).toBe(400);
  });
});

describe('DELETE /orgs/{orgId}/apiKeys/{apiKeyId}', () => {
  let t: TestApp;
  let boot: BootstrapResult;
  let org: OrgView;

  beforeAll(async () => {
    t = await startTestApp();
    boot = await bootstrapFirstUser(t);
    org = await createOrg(t, boot.globalKey);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should delete the key when the body is the JSON null the Go client sends', async () => {
    const key = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_MEMBER']);

    const response = await digestAsSent(
      'DELETE',
      `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`,
      boot.globalKey,
      JSON_TYPE,
      'null\n',
    );

    expect(response.status).toBe(204);
    const after = await call('GET', `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`, { auth: boot.globalKey });
    expectApiError(after, 400, 'API_KEY_NOT_FOUND');
  });

  it('should delete the key when the body is empty', async () => {
    const key = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_MEMBER']);

    const response = await digestAsSent(
      'DELETE',
      `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`,
      boot.globalKey,
      JSON_TYPE,
      '',
    );

    expect(response.status).toBe(204);
  });

  it('should delete the project when DELETE /groups/{groupId} carries a null body', async () => {
    const project = await createProject(t, boot.globalKey, org.id);

    const response = await digestAsSent(
      'DELETE',
      `${t.apiUrl}/groups/${project.id}`,
      boot.globalKey,
      JSON_TYPE,
      'null\n',
    );

    expect(response.status).toBe(200);
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${project.id}`, { auth: boot.globalKey }),
      404,
      'GROUP_NOT_FOUND',
    );
  });
});
