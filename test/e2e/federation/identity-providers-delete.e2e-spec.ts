import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  createIdp,
  eventsOf,
  patchConnectedOrg,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('DELETE /federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
  });

  afterAll(async () => {
    await t.close();
  });

  const url = (idpId: string) => `${t.apiUrl}/federationSettings/${federationId}/identityProviders/${idpId}`;
  const remove = (idpId: string, auth = w.ownerA) => call('DELETE', url(idpId), { auth });

  it('should answer 204 without a body, forget the provider and record IDENTITY_PROVIDER_DELETED', async () => {
    const idp = await createIdp(t, w.ownerA, federationId);
    const response = await remove(idp.oktaIdpId);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await call('GET', url(idp.oktaIdpId), { auth: w.ownerA })).status).toBe(404);
    expectApiError(await remove(idp.oktaIdpId), 404, 'IDENTITY_PROVIDER_NOT_FOUND');
    const [event] = await eventsOf(t, 'IDENTITY_PROVIDER_DELETED');
    expect(event).toMatchObject({
      org_id: w.orgA,
      group_id: null,
      raw: expect.objectContaining({ identityProviderId: idp.oktaIdpId }),
    });
  });

  it('should refuse with 400 IDENTITY_PROVIDER_HAS_CONNECTED_ORGS while an organization uses the provider', async () => {
    const idp = await createIdp(t, w.ownerA, federationId);
    await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: false,
      identityProviderId: idp.oktaIdpId,
    });
    const refused = await remove(idp.oktaIdpId);
    expectApiError(refused, 400, 'IDENTITY_PROVIDER_HAS_CONNECTED_ORGS', [idp.oktaIdpId, w.orgA]);
    await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, { domainRestrictionEnabled: false });
    expect((await remove(idp.oktaIdpId)).status).toBe(204);
  });

  it('should refuse with 401 when the caller owns no connected organization and keep the provider', async () => {
    const idp = await createIdp(t, w.ownerA, federationId);
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await remove(idp.oktaIdpId, auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    expect((await call('GET', url(idp.oktaIdpId), { auth: w.ownerA })).status).toBe(200);
  });
});
