import { call, type Credentials } from '../../support/digest-client';
import { createMaintenanceWindow } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
} from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { metricBody } from '../alerting/alert-configs.fixture';
import { createFederation, createIdp } from '../federation/federation.fixture';

type Body = Record<string, unknown>;

// One updatable resource: where it lives, how it is written, what of its GET answer the write takes
// (`writable` drops what the write route takes in another shape), and for each read-only field a value
// that differs from the stored one and the field the refusal must name.
interface Resource {
  name: string;
  url: string;
  method: 'PUT' | 'PATCH';
  auth: Credentials;
  writable?: (body: Body) => Body;
  // Changes every write makes by itself (a timestamp of the last change).
  volatile: string[];
  readOnly: Array<{ field: string; changed: (body: Body) => Body; named?: string }>;
}

const OTHER_ID = '0123456789abcdef01234567';
const otherLinks = [{ href: 'http://elsewhere.example.com/api/public/v1.0/x', rel: 'self' }];

function without(body: Body, fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

describe('PATCH /groups/{groupId}/maintenanceWindows/{windowId}, /federationSettings/{id}/identityProviders/{id}, /orgs/{orgId}/apiKeys/{apiKeyId}: written back as read', () => {
  let t: TestApp;
  const resources: Resource[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const boot = await bootstrapFirstUser(t);
    const admin = boot.globalKey;
    const org = await createOrg(t, admin, 'Round trip org');
    const project = await createProject(t, admin, org.id, 'Round trip project');

    const start = new Date(Date.now() + 3_600_000);
    const window = await createMaintenanceWindow(t, admin, project.id, {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      alertTypeNames: ['HOST'],
      description: 'round trip',
    });
    resources.push({
      name: 'maintenance window',
      url: `${t.apiUrl}/groups/${project.id}/maintenanceWindows/${window.id}`,
      method: 'PATCH',
      auth: admin,
      volatile: ['updated'],
      readOnly: [
        { field: 'id', changed: (b) => ({ ...b, id: OTHER_ID }) },
        { field: 'groupId', changed: (b) => ({ ...b, groupId: OTHER_ID }) },
        { field: 'created', changed: (b) => ({ ...b, created: '2001-01-01T00:00:00Z' }) },
        { field: 'updated', changed: (b) => ({ ...b, updated: '2001-01-01T00:00:00Z' }) },
        { field: 'links', changed: (b) => ({ ...b, links: otherLinks }) },
      ],
    });

    const config = await call('POST', `${t.apiUrl}/groups/${project.id}/alertConfigs`, {
      auth: admin,
      body: metricBody({
        metricName: 'ASSERT_REGULAR',
        operator: 'GREATER_THAN',
        threshold: 10,
        units: 'RAW',
        mode: 'AVERAGE',
      }),
    });
    expect(config.status).toBe(201);
    resources.push({
      name: 'alert configuration',
      url: `${t.apiUrl}/groups/${project.id}/alertConfigs/${config.body.id as string}`,
      method: 'PUT',
      auth: admin,
      volatile: ['updated'],
      readOnly: [
        { field: 'id', changed: (b) => ({ ...b, id: OTHER_ID }) },
        { field: 'created', changed: (b) => ({ ...b, created: '2001-01-01T00:00:00Z' }) },
        { field: 'updated', changed: (b) => ({ ...b, updated: '2001-01-01T00:00:00Z' }) },
        { field: 'links', changed: (b) => ({ ...b, links: otherLinks }) },
      ],
    });

    const federation = await createFederation(t, admin, org.id);
    const idp = await createIdp(t, admin, federation.id);
    resources.push({
      name: 'identity provider',
      url: `${t.apiUrl}/federationSettings/${federation.id}/identityProviders/${idp.oktaIdpId}`,
      method: 'PATCH',
      auth: admin,
      volatile: [],
      readOnly: [
        { field: 'acsUrl', changed: (b) => ({ ...b, acsUrl: 'https://attacker.example.com/acs' }) },
        { field: 'audienceUri', changed: (b) => ({ ...b, audienceUri: 'https://attacker.example.com' }) },
        { field: 'oktaIdpId', changed: (b) => ({ ...b, oktaIdpId: '0oa0000000000000000a' }) },
        { field: 'associatedOrgs', changed: (b) => ({ ...b, associatedOrgs: [{ orgId: OTHER_ID }] }) },
        {
          field: 'pemFileInfo',
          named: 'pemFileInfo.certificates',
          changed: (b) => ({
            ...b,
            pemFileInfo: {
              ...(b.pemFileInfo as Body),
              certificates: [{ notAfter: '2099-01-01T00:00:00Z', notBefore: '2001-01-01T00:00:00Z' }],
            },
          }),
        },
      ],
    });

    const key = await createOrgApiKey(t, admin, org.id, ['ORG_MEMBER'], 'round trip key');
    resources.push({
      name: 'organization API key',
      url: `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`,
      method: 'PATCH',
      auth: admin,
      // GET prints role assignments ({orgId, roleName}); PATCH takes role names: the product's clients
      // send an input shape for roles, never the read one.
      writable: (b) => without(b, ['roles']),
      volatile: [],
      readOnly: [
        { field: 'id', changed: (b) => ({ ...b, id: OTHER_ID }) },
        { field: 'publicKey', changed: (b) => ({ ...b, publicKey: 'abcdefgh' }) },
        { field: 'privateKey', changed: (b) => ({ ...b, privateKey: '********-****-****-000000000000' }) },
        { field: 'links', changed: (b) => ({ ...b, links: otherLinks }) },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  const read = async (resource: Resource): Promise<Body> => {
    const response = await call('GET', resource.url, { auth: resource.auth });
    expect(response.status).toBe(200);
    return response.body as Body;
  };

  it('should accept every resource written back unchanged and keep it as it was', async () => {
    expect(resources.map((r) => r.name)).toEqual([
      'maintenance window',
      'alert configuration',
      'identity provider',
      'organization API key',
    ]);
    for (const resource of resources) {
      const before = await read(resource);
      const body = (resource.writable ?? ((b: Body) => b))(before);

      const response = await call(resource.method, resource.url, { auth: resource.auth, body });

      // 2xx as the route documents it (the product answers a maintenance window PATCH with 201).
      expect({ resource: resource.name, status: response.status, ok: response.status < 300 }).toEqual({
        resource: resource.name,
        status: response.status,
        ok: true,
      });
      expect(without(await read(resource), resource.volatile)).toEqual(without(before, resource.volatile));
    }
  });

  it('should refuse each read-only field sent with another value, naming it, and write nothing', async () => {
    for (const resource of resources) {
      for (const readOnly of resource.readOnly) {
        const before = await read(resource);
        const body = readOnly.changed((resource.writable ?? ((b: Body) => b))(before));
        // A real change beside it must not slip through either.
        if ('description' in body) body.description = 'changed beside';
        if ('displayName' in body) body.displayName = 'Changed beside';
        if ('desc' in body) body.desc = 'changed beside';

        const response = await call(resource.method, resource.url, { auth: resource.auth, body });

        expect({
          resource: resource.name,
          field: readOnly.field,
          status: response.status,
          body: response.body,
        }).toEqual({
          resource: resource.name,
          field: readOnly.field,
          status: 400,
          body: expect.objectContaining({
            errorCode: 'ATTRIBUTE_READ_ONLY',
            parameters: [readOnly.named ?? readOnly.field],
          }),
        });
        expect(await read(resource)).toEqual(before);
      }
    }
  });
});
