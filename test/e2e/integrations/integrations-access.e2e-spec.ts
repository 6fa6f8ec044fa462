import type { Credentials } from '../../support/digest-client';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { BODIES, REDACTED, configure, integrationsApi, startIntegrationsApp } from './integrations.fixture';
import { apiErrorBody } from '../../support/api-error';

const NOT_AUTHORIZED = apiErrorBody(401, 'USER_UNAUTHORIZED', {
  detail: 'Current user is not authorized to perform this action.',
  parameters: [],
});
const NOT_IN_GROUP = apiErrorBody(401, 'NOT_IN_GROUP', {
  detail: 'The current user is not in the group, or the group does not exist.',
  parameters: [],
});

let t: TestApp;
let boot: BootstrapResult;
let p: ProjectCallers;
// A second organization with its own project and owner: nothing crosses between the two.
let other: ProjectCallers;
let api: ReturnType<typeof integrationsApi>;

beforeAll(async () => {
  t = await startIntegrationsApp();
  boot = await bootstrapFirstUser(t);
  p = await projectWithCallers(t, boot);
  other = await projectWithCallers(t, boot);
  api = integrationsApi(t, p.groupId);
  await configure(api, p.groupOwner, 'PAGER_DUTY');
  await configure(integrationsApi(t, other.groupId), other.groupOwner, 'SLACK');
});

afterAll(async () => {
  await t.close();
});

function writes(auth: Credentials) {
  return [
    () => api.replace(auth, 'PAGER_DUTY', BODIES.PAGER_DUTY),
    () => api.create(auth, 'WEBHOOK', BODIES.WEBHOOK),
    () => api.remove(auth, 'PAGER_DUTY'),
  ];
}

function reads(auth: Credentials) {
  return [() => api.list(auth), () => api.get(auth, 'PAGER_DUTY')];
}

describe('GET /groups/{groupId}/integrations (roles)', () => {
  it.each([
    'readOnly',
    'monitoringAdmin',
    'automationAdmin',
    'groupOwner',
    'orgOwner',
    'globalOwner',
  ] as const)('should let %s read the list and one type', async (caller) => {
    for (const read of reads(p[caller])) {
      const response = await read();
      expect(response.status).toBe(200);
    }
    expect((await api.get(p[caller], 'PAGER_DUTY')).body).toEqual(REDACTED.PAGER_DUTY);
  });

  it('should refuse an organization member without a project role with NOT_IN_GROUP', async () => {
    for (const read of reads(p.outsider)) {
      const response = await read();
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_IN_GROUP);
    }
  });
});

describe('PUT /groups/{groupId}/integrations/{integrationType} (roles; POST and DELETE alike)', () => {
  it.each(['readOnly', 'monitoringAdmin', 'automationAdmin'] as const)(
    'should refuse %s with USER_UNAUTHORIZED and change nothing',
    async (caller) => {
      for (const write of writes(p[caller])) {
        const response = await write();
        expect(response.status).toBe(401);
        expect(response.body).toEqual(NOT_AUTHORIZED);
      }
      const list = await api.list(p.readOnly);
      expect(list.body.results).toEqual([REDACTED.PAGER_DUTY]);
    },
  );

  it('should refuse an organization member without a project role with NOT_IN_GROUP', async () => {
    for (const write of writes(p.outsider)) {
      const response = await write();
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_IN_GROUP);
    }
  });

  it.each(['groupOwner', 'orgOwner', 'globalOwner'] as const)('should let %s write', async (caller) => {
    expect((await api.replace(p[caller], 'PAGER_DUTY', BODIES.PAGER_DUTY)).status).toBe(200);
    expect((await api.create(p[caller], 'WEBHOOK', BODIES.WEBHOOK)).status).toBe(200);
    expect((await api.remove(p[caller], 'WEBHOOK')).status).toBe(204);
  });

  it('should refuse a request without credentials with the Digest challenge', async () => {
    const response = await api.replace(
      { publicKey: 'nobody', privateKey: 'wrong' },
      'PAGER_DUTY',
      BODIES.PAGER_DUTY,
    );
    expect(response.status).toBe(401);
    expect(String(response.headers['www-authenticate'])).toContain('Digest');
  });
});

describe('GET /groups/{groupId}/integrations (isolation between organizations and projects)', () => {
  it("should refuse the owner of another organization on every verb of this project's integrations", async () => {
    for (const call of [...reads(other.orgOwner), ...writes(other.orgOwner)]) {
      const response = await call();
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NOT_IN_GROUP);
    }
    for (const call of [...reads(other.groupOwner), ...writes(other.groupOwner)]) {
      expect((await call()).status).toBe(401);
    }
  });

  it('should list only the integrations of the project named in the path', async () => {
    expect((await api.list(p.readOnly)).body.results).toEqual([REDACTED.PAGER_DUTY]);
    const theirs = await integrationsApi(t, other.groupId).list(other.readOnly);
    expect(theirs.body.results).toEqual([REDACTED.SLACK]);
    expect((await api.get(p.readOnly, 'SLACK')).status).toBe(404);
  });

  it('should configure the same type independently in two projects', async () => {
    const theirs = integrationsApi(t, other.groupId);
    await configure(theirs, other.groupOwner, 'PAGER_DUTY', {
      type: 'PAGER_DUTY',
      serviceKey: 'their-service-key-5555',
    });
    expect((await api.get(p.readOnly, 'PAGER_DUTY')).body).toEqual(REDACTED.PAGER_DUTY);
    expect((await theirs.get(other.readOnly, 'PAGER_DUTY')).body.serviceKey).toBe('******5555');
    expect((await theirs.remove(other.groupOwner, 'PAGER_DUTY')).status).toBe(204);
    expect((await api.get(p.readOnly, 'PAGER_DUTY')).status).toBe(200);
  });
});
