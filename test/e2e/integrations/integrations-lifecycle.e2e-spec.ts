import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createProject,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  BODIES,
  OTHER_BODIES,
  OTHER_REDACTED,
  REDACTED,
  TYPES,
  configure,
  integrationsApi,
  startIntegrationsApp,
} from './integrations.fixture';
import { expectApiError } from '../../support/api-error';

let t: TestApp;
let boot: BootstrapResult;
let p: ProjectCallers;

beforeAll(async () => {
  t = await startIntegrationsApp();
  boot = await bootstrapFirstUser(t);
  p = await projectWithCallers(t, boot);
});

afterAll(async () => {
  await t.close();
});

// ORG_OWNER of the organization: owner of every project in it, including those made per test.
const owner = () => p.orgOwner;

// A fresh project per test, in the organization of `p`, so lists hold only what the test configured.
async function freshProject() {
  const project = await createProject(t, boot.globalKey, p.orgId);
  return integrationsApi(t, project.id);
}

function selfHref(response: { body: { links: Array<{ rel: string; href: string }> } }): URL {
  return new URL(response.body.links.find((link) => link.rel === 'self')!.href);
}

describe('POST /groups/{groupId}/integrations/{integrationType}', () => {
  it.each(TYPES)(
    'should add %s and answer 200 with the whole list when it is not configured',
    async (type) => {
      const api = await freshProject();
      const response = await api.create(owner(), type, BODIES[type]);
      expect(response.status).toBe(200);
      expect(response.body.results).toEqual([REDACTED[type]]);
      expect(response.body.totalCount).toBe(1);
      expect(selfHref(response).pathname).toBe(new URL(`${api.base}/${type}`).pathname);
    },
  );

  it.each(TYPES)(
    'should refuse %s with 409 INTEGRATION_ALREADY_CONFIGURED and keep the configuration when it exists',
    async (type) => {
      const api = await freshProject();
      await configure(api, owner(), type);
      const response = await api.create(owner(), type, OTHER_BODIES[type]);
      expectApiError(response, 409, 'INTEGRATION_ALREADY_CONFIGURED', {
        parameters: [type],
        detail: `The integration of type '${type}' is already configured for this group.`,
      });
      expect((await api.get(owner(), type)).body).toEqual(REDACTED[type]);
    },
  );
});

describe('GET /groups/{groupId}/integrations/{integrationType}', () => {
  it.each(TYPES)('should answer the single redacted %s object when it is configured', async (type) => {
    const api = await freshProject();
    await configure(api, owner(), type);
    const response = await api.get(owner(), type);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(REDACTED[type]);
    expect(Object.keys(response.body)).toEqual(Object.keys(REDACTED[type]));
  });

  it.each(TYPES)(
    'should answer 404 INTEGRATION_NOT_CONFIGURED for %s when it is not configured',
    async (type) => {
      const api = await freshProject();
      const response = await api.get(owner(), type);
      expectApiError(response, 404, 'INTEGRATION_NOT_CONFIGURED', {
        parameters: [type],
        detail: `The integration of type '${type}' is not configured for this group.`,
      });
    },
  );
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (each type)', () => {
  it.each(TYPES)('should add %s when it is not configured', async (type) => {
    const api = await freshProject();
    const response = await api.replace(owner(), type, BODIES[type]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ links: expect.any(Array), results: [REDACTED[type]], totalCount: 1 });
  });

  it.each(TYPES)('should replace the whole %s configuration when it is configured', async (type) => {
    const api = await freshProject();
    await configure(api, owner(), type);
    const response = await api.replace(owner(), type, OTHER_BODIES[type]);
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([OTHER_REDACTED[type]]);
    expect((await api.get(owner(), type)).body).toEqual(OTHER_REDACTED[type]);
  });
});

describe('DELETE /groups/{groupId}/integrations/{integrationType}', () => {
  it.each(TYPES)('should remove %s, answer 204 without a body, then 404 on GET', async (type) => {
    const api = await freshProject();
    await configure(api, owner(), type);
    const response = await api.remove(owner(), type);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const after = await api.get(owner(), type);
    expectApiError(after, 404, 'INTEGRATION_NOT_CONFIGURED');
    expect((await api.list(owner())).body.results).toEqual([]);
  });

  it.each(TYPES)(
    'should answer 404 INTEGRATION_NOT_CONFIGURED for %s when it is not configured',
    async (type) => {
      const api = await freshProject();
      const response = await api.remove(owner(), type);
      expectApiError(response, 404, 'INTEGRATION_NOT_CONFIGURED', [type]);
    },
  );

  it('should remove only the type named in the path', async () => {
    const api = await freshProject();
    await configure(api, owner(), 'PAGER_DUTY');
    await configure(api, owner(), 'SLACK');
    expect((await api.remove(owner(), 'PAGER_DUTY')).status).toBe(204);
    expect((await api.list(owner())).body.results).toEqual([REDACTED.SLACK]);
  });
});

describe('GET /groups/{groupId}/integrations', () => {
  it('should list every configured type, oldest first, redacted', async () => {
    const api = await freshProject();
    for (const type of TYPES) await configure(api, owner(), type);
    const response = await api.list(owner());
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(TYPES.length);
    expect(response.body.results).toEqual(TYPES.map((type) => REDACTED[type]));
  });

  it('should answer an empty list when nothing is configured', async () => {
    const api = await freshProject();
    const response = await api.list(owner());
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([]);
    expect(response.body.totalCount).toBe(0);
    expect(selfHref(response).searchParams.get('pageNum')).toBe('1');
    expect(selfHref(response).searchParams.get('itemsPerPage')).toBe('100');
  });

  it('should paginate with pageNum and itemsPerPage and link next and previous', async () => {
    const api = await freshProject();
    for (const type of ['PAGER_DUTY', 'SLACK', 'OPS_GENIE'] as const) await configure(api, owner(), type);
    const first = await api.list(owner(), '?itemsPerPage=2');
    expect(first.body.results).toEqual([REDACTED.PAGER_DUTY, REDACTED.SLACK]);
    expect(first.body.totalCount).toBe(3);
    expect(first.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'next']);
    const second = await api.list(owner(), '?itemsPerPage=2&pageNum=2');
    expect(second.body.results).toEqual([REDACTED.OPS_GENIE]);
    expect(second.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'previous']);
  });

  it('should accept backupJobsEnabledOnly, envelope and pretty', async () => {
    const api = await freshProject();
    await configure(api, owner(), 'PAGER_DUTY');
    const response = await api.list(owner(), '?backupJobsEnabledOnly=false&envelope=true&pretty=true');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 200, totalCount: 1, results: [REDACTED.PAGER_DUTY] });
    expect(response.text).toContain('\n  "');
  });

  it('should refuse a non-boolean backupJobsEnabledOnly with INVALID_QUERY_PARAMETER', async () => {
    const api = await freshProject();
    const response = await api.list(owner(), '?backupJobsEnabledOnly=maybe');
    expectApiError(response, 400, 'INVALID_QUERY_PARAMETER', ['backupJobsEnabledOnly', expect.any(String)]);
  });

  it('should answer 404 GROUP_NOT_FOUND when a global owner names a project that does not exist', async () => {
    const missing = '0123456789abcdef01234567';
    const response = await integrationsApi(t, missing).list(boot.globalKey);
    expectApiError(response, 404, 'GROUP_NOT_FOUND', [missing]);
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType}', () => {
  it('should answer the whole paginated list of the project when another type is added', async () => {
    const api = await freshProject();
    await configure(api, owner(), 'PAGER_DUTY');
    const response = await api.replace(owner(), 'SLACK', BODIES.SLACK, '?pageNum=1&itemsPerPage=100');
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([REDACTED.PAGER_DUTY, REDACTED.SLACK]);
    expect(response.body.totalCount).toBe(2);
    const self = selfHref(response);
    expect(self.pathname).toMatch(/\/integrations\/SLACK$/);
    expect(self.searchParams.get('pageNum')).toBe('1');
  });

  it('should honour itemsPerPage in the list it answers with', async () => {
    const api = await freshProject();
    await configure(api, owner(), 'PAGER_DUTY');
    const response = await api.replace(owner(), 'SLACK', BODIES.SLACK, '?itemsPerPage=1&pageNum=2');
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([REDACTED.SLACK]);
    expect(response.body.totalCount).toBe(2);
  });

  it('should keep the position of a replaced type in the list', async () => {
    const api = await freshProject();
    await configure(api, owner(), 'PAGER_DUTY');
    await configure(api, owner(), 'SLACK');
    const response = await api.replace(owner(), 'PAGER_DUTY', OTHER_BODIES.PAGER_DUTY);
    expect(response.body.results).toEqual([OTHER_REDACTED.PAGER_DUTY, REDACTED.SLACK]);
  });
});

describe('GET /groups/{groupId}/integrations/{integrationType} (unknown type; every verb)', () => {
  it('should refuse every verb with 400 INVALID_ENUM_VALUE naming integrationType', async () => {
    const api = await freshProject();
    const body = { type: 'HIP_CHAT', notificationToken: 'x', roomName: 'y' };
    for (const response of [
      await api.get(owner(), 'HIP_CHAT'),
      await api.replace(owner(), 'HIP_CHAT', body),
      await api.create(owner(), 'HIP_CHAT', body),
      await api.remove(owner(), 'HIP_CHAT'),
    ]) {
      expectApiError(response, 400, 'INVALID_ENUM_VALUE', {
        parameters: ['HIP_CHAT', 'integrationType'],
        detail: 'An invalid enumeration value HIP_CHAT was specified for integrationType.',
      });
    }
  });

  it('should refuse a type spelled in lower case', async () => {
    const api = await freshProject();
    const response = await api.get(owner(), 'slack');
    expectApiError(response, 400, 'INVALID_ENUM_VALUE');
  });
});
