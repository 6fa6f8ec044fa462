import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  createIdp,
  patchConnectedOrg,
  roleMappingsUrl,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /orgs/{orgId}/federationSettings', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (orgId = w.orgA, auth = w.ownerA) =>
    call('GET', `${t.apiUrl}/orgs/${orgId}/federationSettings`, { auth });

  it("should describe the organization's identity provider, its domains and role mappings", async () => {
    const idp = await createIdp(t, w.ownerA, federationId, {
      associatedDomains: ['example.com', 'example.org'],
    });
    await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: false,
      identityProviderId: idp.oktaIdpId,
    });
    await call('POST', roleMappingsUrl(t, federationId, w.orgA), {
      auth: w.ownerA,
      body: { externalGroupName: 'admins', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
    });
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      federatedDomains: ['example.com', 'example.org'],
      hasRoleMappings: true,
      id: federationId,
      identityProviderId: idp.oktaIdpId,
      identityProviderStatus: 'INACTIVE',
    });
  });

  it('should answer 404 ORG_FEDERATION_SETTINGS_NOT_FOUND when the organization has no federation', async () => {
    const response = await get(w.orgB, w.ownerB);
    expectApiError(response, 404, 'ORG_FEDERATION_SETTINGS_NOT_FOUND', {
      parameters: [w.orgB],
      detail: `Organization ${w.orgB} is not connected to any federation.`,
    });
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the caller is a member or owns another organization', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await get(w.orgA, auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });
});
