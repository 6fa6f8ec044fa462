import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  createFederation,
  createIdp,
  federationWorld,
  patchConnectedOrg,
  startFederationApp,
  type FederationWorld,
  type IdentityProviderView,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /federationSettings/{federationSettingsId}/identityProviders', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  let first: IdentityProviderView;
  let second: IdentityProviderView;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    first = await createIdp(t, w.ownerA, federationId, { displayName: 'First' });
    second = await createIdp(t, w.ownerA, federationId, {
      displayName: 'Second',
      associatedDomains: ['example.com'],
    });
    await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
      domainRestrictionEnabled: true,
      domainAllowList: ['example.com'],
      identityProviderId: second.oktaIdpId,
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const list = (query = '', auth = w.ownerA, fid = federationId) =>
    call('GET', `${t.apiUrl}/federationSettings/${fid}/identityProviders${query}`, { auth });
  const getOne = (idpId: string, auth = w.ownerA, fid = federationId) =>
    call('GET', `${t.apiUrl}/federationSettings/${fid}/identityProviders/${idpId}`, { auth });

  it('should list the providers oldest first in the list envelope', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(2);
    expect(response.body.results.map((idp: IdentityProviderView) => idp.displayName)).toEqual([
      'First',
      'Second',
    ]);
    const self = new URL(response.body.links[0].href);
    expect(self.pathname).toBe(`/api/public/v1.0/federationSettings/${federationId}/identityProviders`);
    expect(self.searchParams.get('pageNum')).toBe('1');
  });

  it('should page the list when itemsPerPage is smaller than the total', async () => {
    const response = await list('?itemsPerPage=1&pageNum=2');
    expect(response.body.results.map((idp: IdentityProviderView) => idp.oktaIdpId)).toEqual([
      second.oktaIdpId,
    ]);
    expect(response.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'previous']);
  });

  it('should show the connected organizations that use a provider in associatedOrgs', async () => {
    const response = await getOne(second.oktaIdpId);
    expect(response.status).toBe(200);
    expect(response.body.associatedOrgs).toEqual([
      {
        domainAllowList: ['example.com'],
        domainRestrictionEnabled: true,
        identityProviderId: second.oktaIdpId,
        orgId: w.orgA,
        postAuthRoleGrants: [],
        roleMappings: [],
        userConflicts: [],
      },
    ]);
    expect((await getOne(first.oktaIdpId)).body.associatedOrgs).toEqual([]);
  });

  it('should answer 404 IDENTITY_PROVIDER_NOT_FOUND when the provider id is unknown or malformed', async () => {
    for (const idpId of ['0123456789abcdef0123', 'ABCDEF0123456789ABCD', 'short']) {
      const response = await getOne(idpId);
      expectApiError(response, 404, 'IDENTITY_PROVIDER_NOT_FOUND', {
        parameters: [idpId, federationId],
        detail: `No identity provider with ID ${idpId} exists in federation ${federationId}.`,
      });
    }
  });

  it('should refuse with 401 when the caller is a member or an owner outside the federation', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      expectApiError(await list('', auth), 401, 'USER_UNAUTHORIZED');
      expect((await getOne(first.oktaIdpId, auth)).status).toBe(401);
    }
    expect((await list('', w.ownerB, '5e8cc670a16506712e0b1e99')).status).toBe(401);
  });

  it('should let a global owner read any federation and answer 404 for an unknown one', async () => {
    expect((await list('', w.globalOwner)).body.totalCount).toBe(2);
    const unknown = await list('', w.globalOwner, '5e8cc670a16506712e0b1e99');
    expectApiError(unknown, 404, 'FEDERATION_SETTINGS_NOT_FOUND');
  });
});

describe('GET /federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}', () => {
  let t: TestApp;
  let w: FederationWorld;

  beforeAll(async () => {
    t = await startTestApp();
    w = await federationWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('should return the same provider as the create answer when read back', async () => {
    const federationId = (await createFederation(t, w.ownerA, w.orgA)).id;
    const created = await createIdp(t, w.ownerA, federationId);
    const read = await call(
      'GET',
      `${t.apiUrl}/federationSettings/${federationId}/identityProviders/${created.oktaIdpId}`,
      {
        auth: w.ownerA,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });
});
