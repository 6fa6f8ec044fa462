import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  connectedOrgUrl,
  createFederation,
  createIdp,
  eventsOf,
  patchConnectedOrg,
  sql,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('DELETE /federationSettings/{federationSettingsId}', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    const idp = await createIdp(t, w.ownerA, federationId, { associatedDomains: ['example.com'] });
    await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: true,
      domainAllowList: ['example.com'],
      identityProviderId: idp.oktaIdpId,
      roleMappings: [
        { externalGroupName: 'admins', roleAssignments: [{ orgId: w.orgA, role: 'ORG_OWNER' }] },
      ],
    });
    await patchConnectedOrg(t, w.ownerAB, federationId, w.orgB, {
      domainRestrictionEnabled: false,
      identityProviderId: idp.oktaIdpId,
      roleMappings: [
        { externalGroupName: 'b-admins', roleAssignments: [{ orgId: w.orgB, role: 'ORG_OWNER' }] },
      ],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const remove = (auth = w.ownerA, id = federationId) =>
    call('DELETE', `${t.apiUrl}/federationSettings/${id}`, { auth });
  const rows = async () => ({
    federations: (await sql(t, 'SELECT id FROM federation_settings')).length,
    providers: (await sql(t, 'SELECT id FROM federation_identity_providers')).length,
    orgs: (await sql(t, 'SELECT org_id FROM federation_connected_orgs')).length,
    mappings: (await sql(t, 'SELECT id FROM federation_role_mappings')).length,
  });

  it('should refuse with 400 FEDERATION_HAS_MULTIPLE_CONNECTED_ORGS while more than one organization is connected', async () => {
    const response = await remove();
    expectApiError(response, 400, 'FEDERATION_HAS_MULTIPLE_CONNECTED_ORGS', {
      parameters: [federationId, 2],
      detail: `Federation ${federationId} has 2 connected organizations; disconnect all but one before deleting the federation.`,
    });
    expect(await rows()).toEqual({ federations: 1, providers: 1, orgs: 2, mappings: 2 });
  });

  it('should refuse with 401 when the caller owns no connected organization, existing federation or not', async () => {
    for (const [auth, id] of [
      [w.memberA, federationId],
      [w.ownerC, federationId],
      [w.ownerC, '5e8cc670a16506712e0b1e99'],
    ] as const) {
      const response = await remove(auth, id);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });

  it('should refuse an owner of a disconnected organization once only the other organization is left', async () => {
    expect((await call('DELETE', connectedOrgUrl(t, federationId, w.orgB), { auth: w.ownerB })).status).toBe(
      204,
    );
    const response = await remove(w.ownerB);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should delete the federation with its identity providers, connection and role mappings when one organization is left', async () => {
    const response = await remove(w.ownerA);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await rows()).toEqual({ federations: 0, providers: 0, orgs: 0, mappings: 0 });
    const settings = await call('GET', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA });
    expectApiError(settings, 404, 'ORG_FEDERATION_SETTINGS_NOT_FOUND');
    const [event] = await eventsOf(t, 'FEDERATION_SETTINGS_DELETED');
    expect(event).toMatchObject({
      org_id: w.orgA,
      group_id: null,
      raw: expect.objectContaining({
        federationSettingsId: federationId,
        identityProviderIds: [expect.any(String)],
      }),
    });
  });

  it('should answer 404 to a global owner and 401 to the former owner once the federation is gone', async () => {
    const global = await remove(w.globalOwner);
    expectApiError(global, 404, 'FEDERATION_SETTINGS_NOT_FOUND');
    expect((await remove(w.ownerA)).status).toBe(401);
  });

  it('should let the organization create a new federation after the old one is deleted', async () => {
    const created = await createFederation(t, w.ownerA, w.orgA);
    expect(created.id).not.toBe(federationId);
  });
});
