import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  createIdp,
  eventsOf,
  idpCertificate,
  startFederationApp,
  type FederationWorld,
  type IdentityProviderView,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('PATCH /federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  let idp: IdentityProviderView;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    idp = await createIdp(t, w.ownerA, federationId);
  });

  afterAll(async () => {
    await t.close();
  });

  const patch = (body: Record<string, unknown>, auth = w.ownerA, idpId = idp.oktaIdpId) =>
    call('PATCH', `${t.apiUrl}/federationSettings/${federationId}/identityProviders/${idpId}`, {
      auth,
      body,
    });

  it('should replace only the fields given and record IDENTITY_PROVIDER_UPDATED with the changes', async () => {
    const response = await patch({
      displayName: 'Okta (production)',
      associatedDomains: ['Example.org'],
      requestBinding: 'HTTP-REDIRECT',
      ssoDebugEnabled: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...idp,
      displayName: 'Okta (production)',
      associatedDomains: ['example.org'],
      requestBinding: 'HTTP-REDIRECT',
      ssoDebugEnabled: true,
    });
    const [event] = await eventsOf(t, 'IDENTITY_PROVIDER_UPDATED');
    expect(event.org_id).toBe(w.orgA);
    expect(event.diffs?.[0].params?.map((param) => param.param).sort()).toEqual(
      ['associatedDomains', 'displayName', 'requestBinding', 'ssoDebugEnabled'].sort(),
    );
    expect(event.diffs?.[0].params).toContainEqual({
      param: 'displayName',
      old: 'Okta',
      new: 'Okta (production)',
    });
  });

  it('should replace every certificate and the file name when pemFileInfo is given', async () => {
    const response = await patch({
      pemFileInfo: {
        certificates: [
          { content: idpCertificate(new Date('2025-02-01T00:00:00Z'), new Date('2027-02-01T00:00:00Z')) },
        ],
      },
    });
    expect(response.body.pemFileInfo).toEqual({
      certificates: [{ notAfter: '2027-02-01T00:00:00Z', notBefore: '2025-02-01T00:00:00Z' }],
      fileName: null,
    });
    const events = await eventsOf(t, 'IDENTITY_PROVIDER_UPDATED');
    const certificates = events[events.length - 1].diffs?.[0].params?.find(
      (param) => param.param === 'certificates',
    );
    expect(JSON.stringify(certificates)).not.toContain('BEGIN CERTIFICATE');
  });

  it('should record IDENTITY_PROVIDER_ACTIVATED and then _DEACTIVATED when the status changes', async () => {
    expect((await patch({ status: 'ACTIVE' })).body.status).toBe('ACTIVE');
    expect((await patch({ status: 'INACTIVE' })).body.status).toBe('INACTIVE');
    const activated = await eventsOf(t, 'IDENTITY_PROVIDER_ACTIVATED');
    const deactivated = await eventsOf(t, 'IDENTITY_PROVIDER_DEACTIVATED');
    expect(activated).toHaveLength(1);
    expect(deactivated).toHaveLength(1);
    expect(activated[0].diffs?.[0].params).toEqual([{ param: 'status', old: 'INACTIVE', new: 'ACTIVE' }]);
    expect(activated[0].raw).toMatchObject({
      federationSettingsId: federationId,
      identityProviderId: idp.oktaIdpId,
    });
  });

  it("should let a provider keep its own issuer and refuse another provider's with 409", async () => {
    expect((await patch({ issuerUri: idp.issuerUri })).status).toBe(200);
    const other = await createIdp(t, w.ownerA, federationId);
    const response = await patch({ issuerUri: other.issuerUri });
    expectApiError(response, 409, 'IDENTITY_PROVIDER_ISSUER_URI_ALREADY_EXISTS');
  });

  it('should refuse an empty body with MISSING_ONE_OF_ATTRIBUTES and a null field with MISSING_ATTRIBUTE', async () => {
    const empty = await patch({});
    expectApiError(empty, 400, 'MISSING_ONE_OF_ATTRIBUTES');
    const nulled = await patch({ displayName: null });
    expectApiError(nulled, 400, 'MISSING_ATTRIBUTE', ['displayName']);
    const badPem = await patch({ pemFileInfo: { certificates: [{ content: 'nope' }] } });
    expectApiError(badPem, 400, 'VALIDATION_ERROR', [
      'pemFileInfo.certificates[0].content',
      expect.any(String),
    ]);
  });

  it('should refuse with 401 when the caller owns no connected organization and change nothing', async () => {
    const response = await patch({ displayName: 'hijacked' }, w.ownerB);
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
    expect((await patch({ displayName: 'x' }, w.memberA)).status).toBe(401);
    const read = await call(
      'GET',
      `${t.apiUrl}/federationSettings/${federationId}/identityProviders/${idp.oktaIdpId}`,
      {
        auth: w.ownerA,
      },
    );
    expect(read.body.displayName).toBe('Okta (production)');
  });

  it('should answer 404 when the provider is unknown', async () => {
    const response = await patch({ displayName: 'x' }, w.ownerA, '0123456789abcdef0123');
    expectApiError(response, 404, 'IDENTITY_PROVIDER_NOT_FOUND');
  });
});
